import { Outlet } from 'react-router';

/** Screens outside the shell (sign-in, 2FA enrolment, the tablet's pairing and PIN pad): no menu. */
export function PublicLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
