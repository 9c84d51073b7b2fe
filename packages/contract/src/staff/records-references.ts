/** The content references a template offers as tick lists (records.md §2, the exact names). */
export const recordReferenceLists = {
  three_viewpoints: {
    name: '乳児保育の3つの視点',
    items: ['健やかに伸び伸びと育つ', '身近な人と気持ちが通じ合う', '身近なものと関わり感性が育つ'],
  },
  five_domains: { name: '5領域', items: ['健康', '人間関係', '環境', '言葉', '表現'] },
  nursing: { name: '養護', items: ['生命の保持', '情緒の安定'] },
  ten_figures: {
    name: '幼児期の終わりまでに育ってほしい姿（10の姿）',
    items: [
      '健康な心と体',
      '自立心',
      '協同性',
      '道徳性・規範意識の芽生え',
      '社会生活との関わり',
      '思考力の芽生え',
      '自然との関わり・生命尊重',
      '数量や図形、標識や文字などへの関心・感覚',
      '言葉による伝え合い',
      '豊かな感性と表現',
    ],
  },
} as const;
export type RecordReference = keyof typeof recordReferenceLists;
export const recordReferences = Object.keys(recordReferenceLists) as RecordReference[];
