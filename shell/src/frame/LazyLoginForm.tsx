// The sign-in form (its inputs, checkbox and calls) is loaded when first shown: most first
// pages never show it, so it stays out of the shell's initial JavaScript.
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

const Form = lazy(() => import('./LoginForm.tsx').then((m) => ({ default: m.LoginForm })));

export function LoginForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense
      fallback={
        <Center p="md">
          <Loader size="sm" />
        </Center>
      }
    >
      <Form {...props} />
    </Suspense>
  );
}
