/** Constants of the growths area: no zod here, so the web's first load stays small. */

export const growthChart = {
  maxMonths: 84,
  height: { min: 30, max: 140, step: 10, title: '身長(cm)' },
  weight: { min: 0, max: 65, step: 10, lastLabel: 60, title: '体重(kg)' },
  x: { title: '年齢(歳)', step: 12 },
  percentiles: ['3', '10', '50', '90', '97'] as const,
  /** Canvas aspect width:height. */
  aspect: { width: 85, height: 111 },
} as const;

/** Texts and chart constants of growth records (F §2 Growths, §9). */
export const growthTexts = {
  title: '成長記録',
  prompt: '成長記録の閲覧をするお子さまを選択してください',
  headerSuffix: 'の成長記録',
  empty: '表示可能な成長記録がありません。',
  source: '出典：こども家庭庁『令和5年乳幼児身体発育調査』をもとに作成（一部加工）',
  noSex: '性別が登録されていないため、発育曲線（パーセンタイル）は表示していません。',
  beyondReference: '6歳4か月以降は調査の対象外のため、発育曲線は6歳3か月までです。',
} as const;
