import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { MESSAGES, TIMING } from '../messages.ts';

/** A success message that closes itself after 3 seconds (spec: success alert duration). */
export function SuccessAlert({ show, message = MESSAGES.changesSaved, onClose }: { show: boolean; message?: string; onClose: () => void }) {
  useEffect(() => {
    if (!show) return;
    const t = setTimeout(onClose, TIMING.successAlertMs);
    return () => clearTimeout(t);
  }, [show, onClose]);
  if (!show) return null;
  return (
    <Alert color="green" role="status" withCloseButton onClose={onClose}>
      {message}
    </Alert>
  );
}
