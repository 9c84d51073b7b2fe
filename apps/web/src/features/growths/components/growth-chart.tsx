import { Stack, Text } from '@mantine/core';
import { growthChart, growthTexts, type Percentiles, type ResponseOf, type getChildGrowths } from '@renraku/contract/client';
import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type ChartDataset,
  type ChartOptions,
  type ScriptableScaleContext,
} from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { Line } from 'react-chartjs-2';

// Only what a line chart needs; no Tooltip plugin (tooltips are off, F §9).
ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend);

type Growths = ResponseOf<typeof getChildGrowths>;
type Point = { x: number; y: number };
type Dataset = ChartDataset<'line', Point[]>;

const HEIGHT = '#1c6fb8';
const WEIGHT = '#c0392b';

/** One reference line: the named one of a pair shows in the legend, the unnamed one is filtered out. */
function referenceLine(
  curve: (Percentiles | null)[],
  key: keyof Percentiles,
  label: string,
  color: string,
  axis: 'y' | 'y1',
  dash: number[],
): Dataset {
  const data = curve.flatMap((row, month) => (row ? [{ x: month, y: row[key] }] : []));
  return {
    label,
    data,
    yAxisID: axis,
    borderColor: color,
    backgroundColor: 'transparent',
    borderWidth: key === '50' ? 1.5 : 1,
    borderDash: dash,
    pointRadius: 0,
    fill: false,
    tension: 0.2,
  };
}

export function buildDatasets(data: Growths): Dataset[] {
  const sets: Dataset[] = [];
  const pairs: [keyof Percentiles, keyof Percentiles | null, string, number[]][] = [
    ['3', '97', '2SD（3・97パーセンタイル）', [2, 3]],
    ['10', '90', '1SD（10・90パーセンタイル）', [6, 3]],
    ['50', null, '平均（50パーセンタイル）', []],
  ];
  for (const [curve, color, axis, prefix] of [
    [data.generalHeight, HEIGHT, 'y', '身長'],
    [data.generalWeight, WEIGHT, 'y1', '体重'],
  ] as const) {
    if (curve.length === 0) continue;
    for (const [low, high, label, dash] of pairs) {
      sets.push(referenceLine(curve, low, `${prefix} ${label}`, `${color}99`, axis, dash));
      if (high) sets.push(referenceLine(curve, high, '', `${color}99`, axis, dash));
    }
  }
  const oldestFirst = [...data.actual].reverse();
  sets.push({
    label: '身長',
    data: oldestFirst.flatMap((r) => (r.height === null ? [] : [{ x: r.age, y: r.height }])),
    yAxisID: 'y',
    borderColor: HEIGHT,
    backgroundColor: HEIGHT,
    borderWidth: 2,
    pointRadius: 2.5,
  });
  sets.push({
    label: '体重',
    data: oldestFirst.flatMap((r) => (r.weight === null ? [] : [{ x: r.age, y: r.weight }])),
    yAxisID: 'y1',
    borderColor: WEIGHT,
    backgroundColor: WEIGHT,
    borderWidth: 2,
    pointRadius: 2.5,
    pointStyle: 'rectRot',
  });
  return sets;
}

const gridColor = (heavy: boolean) => (heavy ? 'rgba(0,0,0,0.35)' : 'rgba(0,0,0,0.1)');

/** Every constant of F §9: axes, titles, ticks, heavier grid each year and every 5 cm, no tooltips, no legend click. */
export const chartOptions: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: true,
  aspectRatio: growthChart.aspect.width / growthChart.aspect.height,
  animation: false,
  events: [],
  parsing: false,
  plugins: {
    tooltip: { enabled: false },
    legend: {
      position: 'bottom',
      onClick: () => undefined,
      labels: { filter: (item) => !!item.text, boxWidth: 18, font: { size: 10 } },
    },
  },
  scales: {
    x: {
      type: 'linear',
      min: 0,
      max: growthChart.maxMonths,
      title: { display: true, text: growthChart.x.title },
      ticks: {
        stepSize: 3,
        autoSkip: false,
        maxRotation: 0,
        callback: (v) => (Number(v) % growthChart.x.step === 0 ? String(Number(v) / 12) : ''),
      },
      grid: {
        color: (c: ScriptableScaleContext) => gridColor(c.tick.value % 12 === 0),
        lineWidth: (c: ScriptableScaleContext) => (c.tick.value % 12 === 0 ? 1.2 : 0.5),
      },
    },
    y: {
      type: 'linear',
      position: 'left',
      min: growthChart.height.min,
      max: growthChart.height.max,
      title: { display: true, text: growthChart.height.title },
      ticks: { stepSize: 1, autoSkip: false, callback: (v) => (Number(v) % growthChart.height.step === 0 ? String(v) : '') },
      grid: {
        color: (c: ScriptableScaleContext) => gridColor(c.tick.value % 5 === 0),
        lineWidth: (c: ScriptableScaleContext) => (c.tick.value % 5 === 0 ? 1 : 0.25),
      },
    },
    y1: {
      type: 'linear',
      position: 'right',
      min: growthChart.weight.min,
      max: growthChart.weight.max,
      title: { display: true, text: growthChart.weight.title },
      ticks: {
        stepSize: 5,
        autoSkip: false,
        callback: (v) =>
          Number(v) % growthChart.weight.step === 0 && Number(v) <= growthChart.weight.lastLabel ? String(v) : '',
      },
      grid: { drawOnChartArea: false },
    },
  },
};

/** What the drawn chart holds, read back from the chart.js instance (for tests and assistive text). */
function summarise(chart: ChartJS<'line', Point[]>) {
  return {
    aspectRatio: chart.options.aspectRatio,
    tooltip: chart.options.plugins?.tooltip?.enabled,
    legend: chart.legend?.legendItems?.map((i) => i.text) ?? [],
    scales: Object.fromEntries(
      Object.entries(chart.scales).map(([id, s]) => [
        id,
        { min: s.min, max: s.max, title: (s.options as { title?: { text?: string } }).title?.text },
      ]),
    ),
    datasets: chart.data.datasets.map((d) => ({
      label: d.label,
      axis: d.yAxisID,
      points: d.data.length,
      first: d.data[0] ?? null,
      last: d.data.at(-1) ?? null,
    })),
  };
}

/** The growth chart of the newest card (F §2 Growths, §9) with the survey note. */
export function GrowthChart({ data }: { data: Growths }) {
  const chartRef = useRef<ChartJS<'line', Point[]>>(null);
  const [summary, setSummary] = useState<string>();
  const datasets = buildDatasets(data);
  useEffect(() => {
    if (chartRef.current) setSummary(JSON.stringify(summarise(chartRef.current)));
  }, [data]);
  const beyond = data.sex !== null && data.actual.some((r) => r.age > 75);
  return (
    <Stack gap={4}>
      <div data-testid="growth-chart" data-chart={summary}>
        <Line
          ref={chartRef}
          data={{ datasets }}
          options={chartOptions}
          role="img"
          aria-label="成長曲線のグラフ（横軸：年齢、左軸：身長、右軸：体重）"
        />
      </div>
      {data.sex === null && (
        <Text size="xs" c="dimmed">
          {growthTexts.noSex}
        </Text>
      )}
      {beyond && (
        <Text size="xs" c="dimmed">
          {growthTexts.beyondReference}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {growthTexts.source}
      </Text>
    </Stack>
  );
}
