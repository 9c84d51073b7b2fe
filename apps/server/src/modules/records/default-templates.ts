import { yorokuAdmissionLabels, type RecordField, type RecordKind, type RecordSection } from '@renraku/contract';

/**
 * The templates every facility starts from (records.md §2's table): data, copied into the
 * facility's `record_templates` the first time a document of the kind is made there; a facility
 * changes its copy, never these. Field keys are the names of the document's Yjs parts.
 */
const text = (key: string, label: string, hint?: string): RecordField => ({
  key,
  label,
  type: 'text',
  ...(hint ? { hint } : {}),
});
const short = (key: string, label: string): RecordField => ({ key, label, type: 'short_text' });
const ticks = (key: string, label: string, reference: RecordField['reference']): RecordField => ({
  key,
  label,
  type: 'ticks',
  reference,
});
const grid = (key: string, label: string, rows: string[], columns: string[]): RecordField => ({
  key,
  label,
  type: 'grid',
  rows,
  columns,
});
const section = (key: string, title: string, fields: RecordField[]): RecordSection => ({ key, title, fields });

const TERMS = ['I期', 'II期', 'III期', 'IV期'];
const WEEKDAYS = ['月', '火', '水', '木', '金', '土'];

export const defaultTemplates: Record<RecordKind, { name: string; sections: RecordSection[] }> = {
  overall_plan: {
    name: '全体的な計画',
    sections: [
      section('policy', '保育理念・方針・目標', [
        text('philosophy', '保育理念'),
        text('policy', '保育方針'),
        text('goals', '保育目標'),
      ]),
      section('by_age', '年齢ごとのねらい・内容', [
        grid('age_aims', 'ねらい・内容', ['0歳', '1歳', '2歳', '3歳', '4歳', '5歳'], ['ねらい', '内容']),
      ]),
      section('support', '食育・健康・安全・子育て支援・研修', [
        text('food', '食育'),
        text('health', '健康支援'),
        text('safety', '安全'),
        text('family_support', '子育て支援'),
        text('training', '研修'),
      ]),
    ],
  },
  annual_plan: {
    name: '年間指導計画',
    sections: [
      section('year', '年間目標', [text('year_goal', '年間目標')]),
      section('terms', '期ごとの計画', [
        grid('term_plan', '期ごとの計画', TERMS, [
          '予想される子どもの姿',
          'ねらい',
          '内容（養護）',
          '内容（教育）',
          '環境構成',
          '保育者の援助・配慮',
          '家庭との連携',
          '行事',
        ]),
        ticks('term_nursing', '養護', 'nursing'),
        ticks('term_domains', '5領域', 'five_domains'),
      ]),
      section('evaluation', '年間の自己評価', [text('year_evaluation', '年間の自己評価')]),
    ],
  },
  monthly_plan: {
    name: '月案（月間指導計画）',
    sections: [
      section('children', '前月の子どもの姿', [text('last_month', '前月の子どもの姿')]),
      section('aims', 'ねらい', [text('aims', 'ねらい'), ticks('aims_views', '0歳児', 'three_viewpoints')]),
      section('content', '内容', [
        ticks('content_nursing', '養護', 'nursing'),
        text('content_nursing_text', '養護（生命の保持・情緒の安定）'),
        ticks('content_domains', '5領域', 'five_domains'),
        text('content_education', '教育（5領域）'),
      ]),
      section('environment', '環境構成', [text('environment', '環境構成')]),
      section('activities', '予想される子どもの活動', [text('activities', '予想される子どもの活動')]),
      section('support', '保育者の援助・配慮', [text('support', '保育者の援助・配慮')]),
      section('food', '食育', [text('food', '食育')]),
      section('health', '健康・安全', [text('health', '健康・安全')]),
      section('family', '家庭との連携', [text('family', '家庭との連携')]),
      section('events', '行事', [short('events', '行事')]),
      section('evaluation', '評価・反省', [
        text('evaluation', '評価・反省'),
        ticks('evaluation_figures', '振り返りの視点', 'ten_figures'),
      ]),
    ],
  },
  weekly_plan: {
    name: '週案',
    sections: [
      section('aims', '今週のねらい', [text('aims', 'ねらい')]),
      section('days', '曜日ごとの計画', [grid('days', '曜日ごとの計画', WEEKDAYS, ['活動', '環境構成', '援助'])]),
      section('evaluation', '評価・反省', [text('evaluation', '評価・反省')]),
    ],
  },
  daily_plan: {
    name: '日案',
    sections: [
      section('aims', 'ねらい', [text('aims', 'ねらい')]),
      section('timeline', '一日の流れ', [
        grid(
          'timeline',
          '時間ごとの計画',
          ['1', '2', '3', '4', '5', '6', '7', '8'],
          ['時間', '予想される子どもの活動', '環境構成', '保育者の援助'],
        ),
      ]),
      section('evaluation', '評価・反省', [text('evaluation', '評価・反省')]),
    ],
  },
  individual_plan: {
    name: '個別指導計画',
    sections: [
      section('child', '前月の子どもの姿', [text('last_month', '前月の子どもの姿')]),
      section('plan', 'ねらい・内容', [text('aims', 'ねらい'), text('content', '内容')]),
      section('support', '保育者の援助・配慮', [text('support', '保育者の援助・配慮')]),
      section('family', '家庭との連携', [text('family', '家庭との連携')]),
      section('evaluation', '評価・反省', [text('evaluation', '評価・反省')]),
    ],
  },
  daily_journal: {
    name: '保育日誌',
    sections: [
      section('weather', '天候', [{ key: 'weather', label: '天候', type: 'choice', options: ['晴れ', 'くもり', '雨', '雪'] }]),
      section('attendance', '出席・欠席', [
        { key: 'attendance', label: '出席・欠席（登降園の記録から）', type: 'attendance' },
        text('attendance_note', '出欠の補足'),
      ]),
      section('nap', '午睡', [{ key: 'nap', label: '午睡チェックの記録', type: 'naps' }]),
      section('aims', '今日のねらい', [text('aims', '今日のねらい')]),
      section('activities', '活動内容', [text('activities', '活動内容')]),
      section('children', '子どもの様子', [text('children_class', 'クラス全体'), text('children_each', '個別の様子')]),
      section('support', '保育者の援助', [text('support', '保育者の援助')]),
      section('evaluation', '反省・評価', [text('evaluation', '反省・評価')]),
      section('notes', '連絡事項', [text('notes', '連絡事項')]),
    ],
  },
  progress_record: {
    name: '経過記録',
    sections: [
      section('life', '生活', [grid('life', '生活', ['食事', '排泄', '睡眠', '着脱', '清潔'], ['様子'])]),
      section('growth', '育ち', [
        text('body', '身体・運動'),
        text('words', '言葉'),
        text('relations', '人間関係'),
        text('play', '遊び・表現'),
        text('health', '健康'),
        text('family', '家庭との連携'),
      ]),
    ],
  },
  // 保育所児童保育要録 (records.md §5): the 入所に関する記録 is filled from the roster when made
  // (yoroku-open.ts); the class's 最終年度の重点 is the class's (record_yoroku_focuses), not a field.
  yoroku: {
    name: '保育所児童保育要録',
    sections: [
      section(
        'admission',
        '入所に関する記録',
        Object.entries(yorokuAdmissionLabels).map(([key, label]) => short(key, label)),
      ),
      section('care', '保育に関する記録', [
        text('individual_focus', '個人の重点', '1年間を振り返って、子どもの指導について特に重視してきた点'),
        text('development', '保育の展開と子どもの育ち', '10の姿を手がかりに、子どもの育ちつつある姿を書く'),
        ticks('development_figures', '幼児期の終わりまでに育ってほしい姿', 'ten_figures'),
        text('special_care', '特に配慮すべき事項'),
        text('earlier_growth', '最終年度に至るまでの育ちに関する事項'),
      ]),
    ],
  },
};
