import { Link } from 'react-router';
import { useOperator } from '../lib/operator';
import css from './footer-links.module.css';

/** Company, privacy, terms and contact links shown under the public information pages and the login screen. */
export function FooterLinks() {
  const { contact_form_url } = useOperator();

  return (
    <nav aria-label="サービス情報" className={css.nav}>
      <div className={css.group}>
        <Link to="/corporate" className={css.link}>
          運営会社
        </Link>
        <Link to="/privacy" className={css.link}>
          プライバシーポリシー
        </Link>
        <Link to="/terms" className={css.link}>
          利用規約
        </Link>
        <a href={contact_form_url} target="_blank" rel="noopener noreferrer" className={css.link}>
          お問い合わせ
        </a>
      </div>
    </nav>
  );
}
