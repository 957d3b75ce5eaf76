// A checklist of named options for an array of strings, with a counter of the chosen out of the
// schema's maxItems (spec 2 §2 'HRU variables to print: checklist with a counter of selected out of
// 20'). The options are the items' `oneOf` (`const` is the name shown, `title` its description) or
// `enum`. Registered by name: `"ui:widget": "checklist"`; `"ui:options": { "columns": 3 }`.
// Choosing more than maxItems is allowed and said by the form (the schema's `messages.maxItems`).
import { Anchor, Checkbox, Group, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { EDITOR_MESSAGES } from './messages.ts';
import type { SettingFormContext } from './SingleSettingEditor.tsx';

export function ChecklistWidget({ id, name, label, hideLabel, value, onChange, schema, options, rawErrors, disabled, readonly, registry }: WidgetProps) {
  const chosen: string[] = Array.isArray(value) ? (value as string[]) : [];
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const enumOptions = (options.enumOptions ?? []) as { value: unknown; label: string }[];
  const columns = typeof options.columns === 'number' ? options.columns : 3;
  const error = rawErrors?.length ? [...new Set(rawErrors)].join('\n') : undefined;
  // a one-setting page gives the defaults: offer them back
  const defaults = ((registry.formContext ?? {}) as SettingFormContext).setting?.default?.[name];
  const set = (next: string[]) => onChange(enumOptions.map((o) => String(o.value)).filter((v) => next.includes(v)));
  return (
    <Input.Wrapper id={id} label={hideLabel ? undefined : label} description={schema.description} error={error}>
      <Stack gap="xs" mt={4} role="group" aria-label={label}>
        <Group gap="md">
          <Text size="sm" fw={500} c={max !== undefined && chosen.length > max ? 'red' : undefined} data-testid="checklist-count">
            {max !== undefined ? EDITOR_MESSAGES.selectedOf(chosen.length, max) : `${chosen.length} selected`}
          </Text>
          {Array.isArray(defaults) && (
            <Anchor component="button" type="button" size="xs" disabled={disabled || readonly} onClick={() => set(defaults.map(String))}>
              Default selection
            </Anchor>
          )}
          {chosen.length > 0 && (
            <Anchor component="button" type="button" size="xs" disabled={disabled || readonly} onClick={() => set([])}>
              Clear
            </Anchor>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="xs" verticalSpacing={6}>
          {enumOptions.map((o) => {
            const v = String(o.value);
            return (
              <Checkbox
                key={v}
                label={v}
                description={o.label && o.label !== v ? o.label : undefined}
                checked={chosen.includes(v)}
                disabled={disabled || readonly}
                onChange={(e) => set(e.currentTarget.checked ? [...chosen, v] : chosen.filter((x) => x !== v))}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Input.Wrapper>
  );
}
