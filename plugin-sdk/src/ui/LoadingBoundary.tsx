// A part loaded on demand (React.lazy) shows a small centred loader until its code arrives.
import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';

export function LoadingBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center p="md">
          <Loader size="sm" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
