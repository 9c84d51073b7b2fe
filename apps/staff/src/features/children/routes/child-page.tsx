import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { showFailure, showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { statusOf } from '@renraku/ui/api';
import { todayInTokyo } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { roleAbilities } from '../../../lib/roles';
import { idFrom } from '@renraku/ui';
import { useChild, useChildPhoto, useUpdateChild } from '../api';
import { CareNotesPanel } from '../components/care-notes-panel';
import { ChildDetails } from '../components/child-details';
import { ChildFormModal } from '../components/child-form-modal';
import { ChildStatusBadge } from '../components/child-status-badge';
import { GuardiansSection } from '../components/guardians-section';
import { PhotoControl } from '../components/photo-control';
import { PickupSection } from '../components/pickup-section';
import { RegistrationPanel } from '../components/registration-panel';
import { openChildView } from '../child-view';
import { childKana, childName } from '../labels';

/** `/staff/f/:facilityId/children/:childId`: an id that is not a child of the caller's is 404. */
export function ChildPage() {
  const childId = idFrom(useParams().childId);
  return childId ? <ChildRecordPage key={childId} childId={childId} /> : <NotFound />;
}

/**
 * A child's personal record (staff.md §3): allergies and care notes set apart, the record, its edit
 * for roster.write roles, the guardians and the registration URL. Opening it is audited.
 */
function ChildRecordPage({ childId }: { childId: number }) {
  const facility = useFacility();
  const canWrite = roleAbilities(facility.role).rosterWrite;
  // Before the reads below: this open of the page is one entry in the audit log.
  useState(() => openChildView(childId));
  const child = useChild(childId);
  const update = useUpdateChild(facility.id, childId);
  const photo = useChildPhoto(facility.id, childId);
  const [editing, setEditing] = useState(false);
  const backLink = (
    <Anchor component={Link} to={facilityPath(facility.id, 'children')}>
      ‹ 園児一覧へ戻る
    </Anchor>
  );

  if (child.isPending) return <Loading />;
  if (statusOf(child.error) === 404) return <NotFound />;
  if (child.error) {
    return (
      <Page title="園児">
        <FormError error={child.error} />
        {backLink}
      </Page>
    );
  }
  // A child of another of the caller's facilities: its own facility's page (the layout checks it).
  if (child.data.facility_id !== facility.id) {
    return <Navigate to={facilityPath(child.data.facility_id, `children/${childId}`)} replace />;
  }

  const record = child.data;
  return (
    <Page
      title={childName(record)}
      actions={
        canWrite && (
          <Button variant="default" onClick={() => setEditing(true)}>
            編集
          </Button>
        )
      }
    >
      <Stack gap="md">
        {backLink}
        <Group gap="lg" align="center">
          <PhotoControl
            imageUrl={record.image_url}
            name={childName(record)}
            fallback={record.first_name.slice(0, 1)}
            canWrite={canWrite}
            pending={photo.isPending}
            onChange={(file) => photo.mutate(file, { onSuccess: showSuccess, onError: showFailure })}
          />
          <Stack gap={4}>
            <Text c="dimmed">{childKana(record)}</Text>
            <ChildStatusBadge status={record.status} />
          </Stack>
          {roleAbilities(facility.role).records && (
            <Button component={Link} to={facilityPath(facility.id, `records/child/${childId}`)} variant="light" size="md">
              児童票・経過記録
            </Button>
          )}
        </Group>
        <CareNotesPanel child={record} />
        <ChildDetails child={record} today={todayInTokyo()} />
        <GuardiansSection facilityId={facility.id} childId={childId} canWrite={canWrite} />
        <PickupSection childId={childId} canWrite={canWrite} />
        {canWrite && <RegistrationPanel facilityId={facility.id} childId={childId} />}
      </Stack>
      {editing && (
        <ChildFormModal
          facilityId={facility.id}
          child={record}
          title={`${childName(record)}さんの情報を編集`}
          submitLabel="保存する"
          mutation={update}
          onClose={(saved) => {
            setEditing(false);
            update.reset();
            if (saved) showSuccess('園児の情報を保存しました');
          }}
        />
      )}
    </Page>
  );
}
