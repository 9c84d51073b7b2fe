/** What F §7 sends when a link in a notice is clicked. */
export interface NoticeLinkClick {
  userSub: string | null;
  companyId: number;
  nurseryId: number;
  noticeId: number;
  releasedAt: string;
  clickedAt: string;
  url: string;
}

type AnalyticsWindow = { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/** The analytics measurement id the page carries (`<html data-measurement-id="G-…">`, F §9), or null. */
export function measurementId(root: HTMLElement = document.documentElement): string | null {
  return root.dataset.measurementId?.trim() || null;
}

/**
 * Sends the link-click event through gtag (its queue, window.dataLayer, when gtag.js has not loaded
 * yet) — only when the page carries a measurement id; otherwise does nothing. Answers whether it sent.
 */
export function sendNoticeLinkClick(
  event: NoticeLinkClick,
  root: HTMLElement = document.documentElement,
  win: AnalyticsWindow = window as AnalyticsWindow,
): boolean {
  const id = measurementId(root);
  if (!id) return false;
  if (typeof win.gtag !== 'function') {
    const queue = (win.dataLayer ??= []);
    win.gtag = function gtag() {
      // gtag.js reads the `arguments` object itself from its queue.
      // eslint-disable-next-line prefer-rest-params
      queue.push(arguments);
    };
  }
  win.gtag('event', 'notice_link_click', {
    send_to: id,
    user_id: event.userSub,
    company_id: event.companyId,
    nursery_id: event.nurseryId,
    notice_id: event.noticeId,
    released_at: event.releasedAt,
    clicked_at: event.clickedAt,
    link_url: event.url,
  });
  return true;
}
