import { Modal, Text } from '@mantine/core';
import { LoginForm } from './LazyLoginForm.tsx';

/** Opened by any API 401 ('Please log in to continue') or by a plugin's requestLogin(). */
export function LoginModal({ prompt, onClose }: { prompt: { message?: string } | null; onClose: () => void }) {
  return (
    <Modal opened={!!prompt} onClose={onClose} title="Log in" data-testid="login-modal">
      {prompt?.message && (
        <Text mb="sm" fw={500}>
          {prompt.message}
        </Text>
      )}
      <LoginForm onDone={onClose} />
    </Modal>
  );
}
