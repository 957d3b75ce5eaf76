// The actions under an admin edit form: Save (submits the form), Back (to the list) and, where
// the caller allows it, Delete (which opens the caller's confirmation).
import { Button, Group } from '@mantine/core';
import { Link } from '@headwater/plugin-sdk';

export function FormActions({ busy, saveTestId, back, onDelete }: { busy: boolean; saveTestId: string; back: string; onDelete?: () => void }) {
  return (
    <Group>
      <Button type="submit" loading={busy} data-testid={saveTestId}>
        Save
      </Button>
      <Button component={Link} to={back} variant="default">
        Back
      </Button>
      {onDelete && (
        <Button color="red" variant="light" onClick={onDelete}>
          Delete
        </Button>
      )}
    </Group>
  );
}
