// /groups/create (spec 3 §2.1): name and description; the new group opens.
import { Paper } from '@mantine/core';
import { PageLayout, ROUTES, SITE_ROOT, api, useLinks, useNavigate } from '@headwater/plugin-sdk';
import { GroupForm, useRefreshGroups } from './shared.tsx';

export function CreateGroupPage() {
  const navigate = useNavigate();
  const link = useLinks();
  const refresh = useRefreshGroups();
  const list = link(ROUTES.GroupList);
  return (
    <PageLayout title="Create a group" size="sm">
      <Paper withBorder p="md">
        <GroupForm
          submitLabel="Create group"
          onCancel={list ? () => navigate(list) : undefined}
          onSubmit={async (v) => {
            const { id } = await api.post<{ id: number }>('groups', v);
            await refresh();
            navigate(link(ROUTES.GroupView, { id }) ?? list ?? SITE_ROOT);
          }}
        />
      </Paper>
    </PageLayout>
  );
}
