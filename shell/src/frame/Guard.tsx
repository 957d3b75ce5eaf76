// Route guards of spec 1 §2: the login form when signed out, the pending-approval notice for
// users not yet Registered, and 'You are not authorized to view this page.' for admin pages.
import { Alert, Center, Container, Loader, Paper, Title } from '@mantine/core';
import { MESSAGES, useSession, type Access } from '@headwater/plugin-sdk';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoginForm } from './LazyLoginForm.tsx';

export function Guard({ access = 'public', children }: { access?: Access; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (access === 'public') return <>{children}</>;
  if (session.loading) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  if (!session.user) {
    return (
      <Container size="xs" py="xl">
        <Paper withBorder p="lg">
          <Title order={3} mb="md">
            Log in
          </Title>
          <LoginForm redirect={location.pathname} />
        </Paper>
      </Container>
    );
  }
  if (!session.isRegistered) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" data-testid="pending-notice">
          {MESSAGES.pendingApproval}
        </Alert>
      </Container>
    );
  }
  if ((access === 'admin' && !session.isAdmin) || (access === 'fullAdmin' && !session.isFullAdmin)) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" data-testid="not-authorized">
          {MESSAGES.notAuthorized}
        </Alert>
      </Container>
    );
  }
  return <>{children}</>;
}
