import { Typography } from '@mantine/core';

/** Site text written by full administrators in the rich-text editor. */
export function HtmlText({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography>
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
