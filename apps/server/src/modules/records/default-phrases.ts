import type { RecordPhraseTopic } from '@renraku/contract';

/**
 * The 文例 every facility starts with (records.md §3): written for this product in the words of
 * 保育所保育指針-style plans, per age band (0歳 / 1・2歳 / 3〜5歳, or every age), month (or any) and
 * topic. Data, not code: a facility adds its own beside them (record_phrases).
 */
interface ShippedPhrase {
  topic: RecordPhraseTopic;
  ages: number[];
  month: number | null;
  text: string;
}

const INFANT = [0];
const TODDLER = [1, 2];
const PRESCHOOL = [3, 4, 5];
const ALL: number[] = [];

const p = (topic: RecordPhraseTopic, ages: number[], month: number | null, text: string): ShippedPhrase => ({
  topic,
  ages,
  month,
  text,
});

export const shippedPhrases: ShippedPhrase[] = [
  // 子どもの姿・様子
  p('children', INFANT, null, '保育者に抱っこされると安心した表情を見せ、あやされると声を出して笑う。'),
  p('children', INFANT, null, '腹ばいで手を伸ばし、近くの玩具をつかもうとする姿が見られる。'),
  p('children', INFANT, null, '離乳食をよく食べ、スプーンを口元に運ぶと自分から口を開ける。'),
  p('children', INFANT, 4, '新しい環境に戸惑い泣くことが多かったが、少しずつ担当の保育者に慣れてきている。'),
  p('children', TODDLER, null, '「自分で」と言って、靴を履いたり帽子をかぶったりしようとする。'),
  p('children', TODDLER, null, '友だちの遊びに興味を持ち、同じ玩具を使いたがって取り合いになることがある。'),
  p('children', TODDLER, null, '簡単な言葉で思いを伝えようとし、保育者とのやりとりを楽しんでいる。'),
  p('children', TODDLER, 6, '水や砂の感触を楽しみ、手や足で触れて繰り返し遊んでいる。'),
  p('children', PRESCHOOL, null, '友だちとイメージを共有しながら、ごっこ遊びを楽しんでいる。'),
  p('children', PRESCHOOL, null, '遊びの中で自分の思いを言葉で伝え、相手の気持ちにも気付き始めている。'),
  p('children', PRESCHOOL, null, '当番活動に責任を持って取り組み、最後までやり遂げようとする。'),
  p('children', PRESCHOOL, 10, '運動会の経験から、友だちと力を合わせる楽しさを感じている。'),
  p('children', PRESCHOOL, 11, '散歩で拾った落ち葉やどんぐりを使い、製作遊びを楽しむ姿が見られる。'),
  p('children', ALL, 4, '進級・入園により環境が変わり、不安な様子を見せる子もいる。'),
  // ねらい・内容
  p('aims', INFANT, null, '保育者との安定した関わりの中で、安心して過ごす。'),
  p('aims', INFANT, null, '身近な玩具に手を伸ばし、触れたり握ったりして感触を楽しむ。'),
  p('aims', INFANT, null, '一人ひとりの生活リズムに合わせて、十分に眠り、心地よく過ごす。'),
  p('aims', TODDLER, null, '保育者に見守られながら、身の回りのことを自分でしようとする。'),
  p('aims', TODDLER, null, '保育者や友だちと一緒に、体を動かして遊ぶことを楽しむ。'),
  p('aims', TODDLER, null, '絵本や手遊びを通して、言葉のやりとりを楽しむ。'),
  p('aims', TODDLER, 7, '水遊びや泥んこ遊びを通して、夏ならではの感触を味わう。'),
  p('aims', PRESCHOOL, null, '友だちと思いを伝え合いながら、遊びを進める楽しさを味わう。'),
  p('aims', PRESCHOOL, null, '身近な自然に触れ、季節の変化に気付いたり、不思議さを感じたりする。'),
  p('aims', PRESCHOOL, null, '生活に必要な習慣を身に付け、見通しを持って自分で行動する。'),
  p('aims', PRESCHOOL, 12, '年末の行事に参加し、人との関わりや地域の文化に親しむ。'),
  p('aims', PRESCHOOL, 2, '就学への期待を持ち、自信を持って生活する。'),
  p('aims', ALL, 4, '新しい環境や保育者に慣れ、安心して過ごす。'),
  p('aims', ALL, 11, '秋の自然に親しみ、散歩や戸外遊びを十分に楽しむ。'),
  // 環境構成
  p('environment', INFANT, null, '口に入れても安全な玩具を用意し、毎日消毒して清潔に保つ。'),
  p('environment', INFANT, null, 'はいはいや伝い歩きが十分にできるよう、安全で広い空間を確保する。'),
  p('environment', TODDLER, null, '自分で身支度ができるよう、靴や帽子の置き場所に写真や印を付けて分かりやすくする。'),
  p('environment', TODDLER, null, '同じ玩具を複数用意し、取り合いにならずに遊びに集中できるようにする。'),
  p('environment', PRESCHOOL, null, '子どもが遊びを続けられるよう、作りかけの作品を置いておける場所を用意する。'),
  p('environment', PRESCHOOL, null, '図鑑や虫眼鏡を手に取りやすい場所に置き、興味を深められるようにする。'),
  p('environment', ALL, 6, '室温・湿度を適切に保ち、こまめな換気と水分補給ができるようにする。'),
  p('environment', ALL, 7, '日よけを設け、水遊びの時間や場所を決めて安全に遊べるようにする。'),
  p('environment', ALL, 12, '手洗い・うがいがしやすいよう、石けんやタオルを十分に用意する。'),
  // 保育者の援助・配慮
  p('support', INFANT, null, '泣いたときはすぐに応じて抱っこし、気持ちを受け止めて安心できるようにする。'),
  p('support', INFANT, null, '喃語や指さしに丁寧に応え、伝わる喜びを感じられるようにする。'),
  p('support', INFANT, null, '午睡中は呼吸や顔色、体の向きを定期的に確認する。'),
  p('support', TODDLER, null, '自分でやろうとする気持ちを大切にし、できたときには共に喜ぶ。'),
  p('support', TODDLER, null, '友だちとのトラブルでは、互いの気持ちを言葉にして代弁する。'),
  p('support', TODDLER, null, 'トイレに誘うときは一人ひとりの間隔を把握し、無理のないように進める。'),
  p('support', PRESCHOOL, null, '子ども同士で話し合う場面では見守り、必要に応じて考えを整理する手助けをする。'),
  p('support', PRESCHOOL, null, '一人ひとりのよさを認め、クラスの中で自信を持って表現できるようにする。'),
  p('support', PRESCHOOL, null, '危険な場面では理由を伝え、子ども自身が安全に気付けるようにする。'),
  p('support', ALL, 4, '一人ひとりの不安な気持ちを受け止め、ゆったりと関わる。'),
  p('support', ALL, 8, '暑さで疲れが出やすいため、休息を十分にとれるよう活動の内容を調整する。'),
  // 評価・反省
  p('evaluation', INFANT, null, '一人ひとりの生活リズムに合わせたことで、落ち着いて過ごせるようになってきた。'),
  p('evaluation', TODDLER, null, '自分でしようとする姿を待つ時間を持てたことで、身の回りのことに意欲的になった。'),
  p(
    'evaluation',
    TODDLER,
    null,
    '気持ちを代弁したことで、友だちとの関わり方を少しずつ覚えてきている。引き続き丁寧に関わりたい。',
  ),
  p('evaluation', PRESCHOOL, null, '話し合いの場を設けたことで、友だちの意見を聞こうとする姿が増えた。'),
  p('evaluation', PRESCHOOL, null, '遊びが発展するよう環境を工夫したが、素材の量が足りない場面があった。次月は補充したい。'),
  p('evaluation', ALL, null, 'ねらいはおおむね達成できた。個人差に応じた関わりを今後も続けていく。'),
  p('evaluation', ALL, 4, '新しい環境に少しずつ慣れ、笑顔で過ごす時間が増えてきた。'),
  // 家庭との連携
  p('family', INFANT, null, '連絡ノートで睡眠や授乳、食事の様子を伝え合い、家庭と園で生活リズムを揃える。'),
  p('family', INFANT, null, '離乳食の進め方について、家庭での様子を聞きながら段階を確認する。'),
  p('family', TODDLER, null, 'トイレトレーニングの進み具合を伝え合い、家庭と同じ方法で進める。'),
  p('family', TODDLER, null, '自己主張が強くなる時期であることを伝え、保護者の悩みに寄り添う。'),
  p('family', PRESCHOOL, null, '園での成長の様子を具体的に伝え、保護者と喜びを共有する。'),
  p('family', PRESCHOOL, 1, '就学に向けて、生活リズムや身支度について家庭と話し合う。'),
  p('family', ALL, 6, '汗をかきやすい季節のため、着替えを多めに用意してもらうよう伝える。'),
  p('family', ALL, 12, '感染症が流行しやすい時期のため、体調の変化をこまめに伝え合う。'),
];
