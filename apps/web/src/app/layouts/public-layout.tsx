import { Outlet } from 'react-router';

/** Pages outside the signed-in layout (login, terms, static pages): no app header. */
export function PublicLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
