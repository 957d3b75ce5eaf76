// The SDK's rjsf widgets, registered by name so an editor's uiSchema stays plain JSON
// (`{ "RFINC": { "ui:widget": "sliderNumber" } }`). Loaded with the form, never with the shell.
import { Checkbox, Group, Input, NumberInput, SimpleGrid, Slider, Stack } from '@mantine/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { MONTH_NAMES } from './messages.ts';
import { ChecklistWidget } from './ChecklistWidget.tsx';

function bounds(schema: WidgetProps['schema'], options: WidgetProps['options']) {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -100;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 100;
  const step = typeof options.step === 'number' ? options.step : typeof schema.multipleOf === 'number' ? schema.multipleOf : 1;
  return { min, max, step };
}

/** A slider and a number input bound to one number (climate sensitivity: 'slider and number'). */
export function SliderNumberWidget({ id, label, hideLabel, required, value, onChange, onBlur, onFocus, schema, options, rawErrors, disabled, readonly }: WidgetProps) {
  const { min, max, step } = bounds(schema, options);
  const error = rawErrors?.length ? rawErrors.join('\n') : undefined;
  const description = (options.description as string | undefined) ?? schema.description;
  return (
    <Input.Wrapper id={id} label={hideLabel ? undefined : label} required={required} description={description} error={error}>
      <Group gap="md" align="center" wrap="nowrap" mt={4}>
        <Slider
          aria-label={`${label} slider`}
          style={{ flex: 1 }}
          min={min}
          max={max}
          step={step}
          value={typeof value === 'number' ? value : 0}
          disabled={disabled || readonly}
          onChange={(v) => onChange(v)}
          marks={[
            { value: min, label: String(min) },
            { value: max, label: String(max) },
          ]}
          mb="md"
        />
        <NumberInput
          id={`${id}-number`}
          aria-label={label}
          w={110}
          min={min}
          max={max}
          step={step}
          value={value ?? ''}
          disabled={disabled || readonly}
          error={!!error}
          onChange={(v) => onChange(v === '' ? undefined : v)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      </Group>
    </Input.Wrapper>
  );
}

/** Months 1–12 as January…December checkboxes, for an array-of-integers field. */
export function MonthsWidget({ id, label, hideLabel, required, value, onChange, rawErrors, disabled, readonly }: WidgetProps) {
  const selected = Array.isArray(value) ? (value as number[]).map(String) : [];
  return (
    <Checkbox.Group
      id={id}
      label={hideLabel ? undefined : label}
      required={required}
      value={selected}
      error={rawErrors?.length ? rawErrors.join('\n') : undefined}
      onChange={(v) => onChange(v.map(Number).sort((a, b) => a - b))}
    >
      <Stack gap={4} mt={4}>
        <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs">
          {MONTH_NAMES.map((m, i) => (
            <Checkbox key={m} value={String(i + 1)} label={m} disabled={disabled || readonly} />
          ))}
        </SimpleGrid>
      </Stack>
    </Checkbox.Group>
  );
}

const MantineSelectWidget = MantineTheme.widgets!.SelectWidget as ComponentType<WidgetProps>;

/** Mantine's select with the field's description under its label, as number fields have it
 * (@rjsf/mantine's select drops `schema.description`; a `ui:options.description` reaches it). */
export function SelectWidget(props: WidgetProps) {
  const description = props.hideLabel ? undefined : (props.options.description ?? props.schema.description);
  return <MantineSelectWidget {...props} options={{ ...props.options, description }} />;
}

/** The SDK's widgets by name; editors add their own through `defineEditor(pkg, { widgets })`. */
export const EDITOR_WIDGETS: RegistryWidgetsType = {
  sliderNumber: SliderNumberWidget,
  months: MonthsWidget,
  checklist: ChecklistWidget,
  SelectWidget,
};
