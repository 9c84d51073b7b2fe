import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { showFailure } from '../../../components/alerts';
import { reloadNoticeFile } from '../api';

const isId = (value: string | undefined) => !!value && /^[1-9]\d{0,9}$/.test(value);

/** /notices/:id/:fileId?childIds[]=…: asks for a fresh signed URL and sends the browser there (F §2). */
export function NoticeFilePage() {
  const { id, fileId } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const childIds = searchParams.getAll('childIds[]').filter(isId).map(Number);
  const valid = isId(id) && isId(fileId) && childIds.length > 0;
  const childKey = childIds.join(',');

  useEffect(() => {
    if (!valid) return;
    let cancelled = false;
    reloadNoticeFile(Number(id), Number(fileId), childKey.split(',').map(Number))
      .then(({ url }) => {
        if (!cancelled) window.location.replace(url);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        showFailure(error);
        navigate('/notices', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [valid, id, fileId, childKey, navigate]);

  if (!valid) return <NotFound />;
  return (
    <Page title="添付ファイル">
      <Loading />
    </Page>
  );
}
