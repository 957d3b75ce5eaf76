// /api (spec 3 §2.4): the advanced-features dashboard.
import { Alert, Stack, Text } from '@mantine/core';
import { ErrorList } from '@headwater/plugin-sdk';
import { AdvancedFrame, BATCH_ACCESS_TEXT, REGIONAL_ACCESS_TEXT, useAccess } from './shared.tsx';

export function DashboardPage() {
  const access = useAccess();
  return (
    <AdvancedFrame route="ApiDashboard">
      <ErrorList error={access.error} />
      <Stack>
        <Text>
          Batch project runs create and run many projects from a CSV file of outlet subbasins; regional project runs create a project covering a whole region of a dataset. Everything these pages do can also be
          done with API keys from a script: see the API documentation.
        </Text>
        {access.data && !access.data.batchProjects && <Alert color="gray">{BATCH_ACCESS_TEXT}</Alert>}
        {access.data && !access.data.regionalProjects && <Alert color="gray">{REGIONAL_ACCESS_TEXT}</Alert>}
      </Stack>
    </AdvancedFrame>
  );
}
