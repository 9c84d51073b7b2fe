import { Anchor, Container, Divider, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';
import { FooterLinks } from '../../../components/footer-links';

interface PolicySection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

function buildSections(appName: string): PolicySection[] {
  return [
    {
      title: '取得する情報',
      paragraphs: [`当社は、${appName}（以下「本サービス」といいます。）の提供にあたり、次の情報を取得します。`],
      items: [
        '保護者さまの氏名、メールアドレス、お子さまとの続柄',
        'お子さまの氏名、生年月日、在籍する施設に関する情報',
        '連絡帳、出欠連絡、アンケートの回答など、本サービスを通じて送信された内容',
        'お子さまの写真',
        '体温、体調、食事、睡眠、かかった病気など、お子さまの健康に関する情報',
        'ご利用の端末、ブラウザ、アクセス日時などの利用履歴',
      ],
    },
    {
      title: '利用目的',
      paragraphs: ['当社は、取得した情報を次の目的の範囲内で利用します。'],
      items: [
        '本サービスの提供、本人確認及びログイン状態の管理のため',
        '保護者さまと施設との間の連絡帳、お知らせ、出欠連絡等のやり取りを実現するため',
        '本サービスに関するお知らせやメール通知をお送りするため',
        'お問い合わせへの対応のため',
        '不正利用の防止及び本サービスの安全な運営のため',
        '個人を特定できない形に加工した統計情報を作成し、本サービスの改善に役立てるため',
      ],
    },
    {
      title: 'お子さまの写真及び健康に関する情報の取扱い',
      paragraphs: [
        'お子さまの写真や健康に関する情報は、特に慎重な取扱いが必要な情報であると考えております。',
        'これらの情報は、お子さまの保育に関わる施設と、そのお子さまの保護者さまとの間でのみ共有し、上記の利用目的以外には利用しません。',
        '健康に関する情報は、施設での保育やお子さまの体調の把握のために利用し、広告など他の目的に用いることはありません。',
      ],
    },
    {
      title: '第三者への提供',
      paragraphs: [
        '当社は、お子さまが在籍する施設との共有を除き、あらかじめ保護者さまの同意を得ることなく個人情報を第三者に提供しません。ただし、次の場合はこの限りではありません。',
      ],
      items: [
        '法令に基づく場合',
        '人の生命、身体または財産の保護のために必要であり、ご本人の同意を得ることが困難な場合',
        '国の機関や地方公共団体等が法令の定める事務を遂行することに協力する必要がある場合',
      ],
    },
    {
      title: '業務の委託',
      paragraphs: [
        '当社は、サーバーの運用やメール配信など、利用目的の達成に必要な範囲で個人情報の取扱いを外部に委託することがあります。その場合は委託先を適切に選定し、必要な監督を行います。',
      ],
    },
    {
      title: '安全管理措置',
      paragraphs: [
        '当社は、個人情報への不正アクセス、紛失、漏えい、改ざん等を防ぐため、通信の暗号化、アクセス権限の管理、従業者への教育など、必要かつ適切な安全管理措置を講じます。',
      ],
    },
    {
      title: 'Cookie等の利用',
      paragraphs: [
        '本サービスでは、ログイン状態の維持や利用状況の把握のためにCookie及びこれに類する技術を利用しています。ブラウザの設定でCookieを無効にすると、本サービスの一部がご利用いただけない場合があります。',
      ],
    },
    {
      title: '開示・訂正・利用停止等のご請求',
      paragraphs: [
        '保護者さまは、当社が保有するご自身またはお子さまの個人情報について、開示、訂正、追加、削除、利用停止等を請求することができます。',
        'ご請求の際は、下記のお問い合わせ窓口までご連絡ください。ご本人であることを確認したうえで、法令に従い速やかに対応いたします。',
      ],
    },
    {
      title: 'プライバシーポリシーの変更',
      paragraphs: [
        '当社は、法令の改正や本サービスの内容の変更に応じて、本ポリシーを変更することがあります。重要な変更を行う場合は、本サービス上でお知らせします。',
      ],
    },
  ];
}

/** /privacy: privacy policy with the operator's contact desk at the end. */
export function PrivacyPage() {
  const { app_name, company_name, head_office_address, support_phone } = useOperator();
  usePageTitle('プライバシーポリシー');
  const sections = buildSections(app_name);
  const telHref = `tel:${support_phone.replace(/[^\d+]/g, '')}`;

  return (
    <Container size="sm" px="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          プライバシーポリシー
        </Title>
        <Text>
          {`${company_name}（以下「当社」といいます。）は、保護者さまとお子さまの大切な個人情報をお預かりする責任を自覚し、個人情報の保護に関する法令を遵守するとともに、以下のとおり適切に取り扱います。`}
        </Text>

        {sections.map((section) => (
          <Stack key={section.title} component="section" gap="xs">
            <Title order={2} size="h4">
              {section.title}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} size="sm">
                {paragraph}
              </Text>
            ))}
            {section.items && (
              <List size="sm" spacing={4} withPadding>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}

        <Divider />

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            お問い合わせ窓口
          </Title>
          <Text size="sm">個人情報の取扱いに関するお問い合わせは、下記までご連絡ください。</Text>
          <Paper withBorder p="md" radius="md">
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                {company_name}
              </Text>
              <Text size="sm">{`本社所在地：${head_office_address}`}</Text>
              <Text size="sm">
                電話：
                <Anchor href={telHref} size="sm">
                  {support_phone}
                </Anchor>
              </Text>
              <Text size="sm">受付時間：平日10:00-17:00</Text>
            </Stack>
          </Paper>
        </Stack>

        <FooterLinks />
      </Stack>
    </Container>
  );
}
