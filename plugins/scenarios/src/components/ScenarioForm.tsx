// The scenario form (spec 2 §2, §5), shared by the create page (POST) and Edit settings (PUT).
import { Alert, Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ApiError, ErrorList, MESSAGES } from '@headwater/plugin-sdk';
import { useState, type FormEvent } from 'react';
import {
  DAILY_PRINT_SETTING,
  SCENARIO_MESSAGES,
  changeField,
  climateOptions,
  dateBounds,
  findWeatherDataset,
  toFormBody,
  validateScenarioForm,
  type ScenarioFormErrors,
  type ScenarioFormValues,
} from '../logic.ts';
import type { ScenarioFormBody, ScenarioOptions } from '../types.ts';

export type ScenarioFormProps = {
  options: ScenarioOptions;
  initial: ScenarioFormValues;
  projectID: number;
  submitLabel: string;
  onSubmit: (body: ScenarioFormBody) => Promise<void>;
  onCancel?: () => void;
};

const NONE = { value: '', label: 'None' };

/** The server's `{ errors: { field: [...] } }` on the form's own fields. */
function serverFieldErrors(error: unknown): ScenarioFormErrors {
  if (!(error instanceof ApiError)) return {};
  const out: ScenarioFormErrors = {};
  for (const [field, list] of Object.entries(error.fieldErrors)) (out as Record<string, string>)[field] = list.join(' ');
  return out;
}

export function ScenarioForm({ options, initial, projectID, submitLabel, onSubmit, onCancel }: ScenarioFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ScenarioFormErrors>({});
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const weatherDataset = findWeatherDataset(options, values.weatherDatasetID);
  const climate = climateOptions(options, weatherDataset);
  const bounds = dateBounds(options, values);

  const set = <K extends keyof ScenarioFormValues>(field: K, value: ScenarioFormValues[K]) => {
    const next = changeField(options, values, field, value);
    setValues(next);
    // Once the user has tried to submit, errors follow the edits.
    if (Object.keys(errors).length) setErrors(validateScenarioForm(next, options));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = validateScenarioForm(values, options);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setSubmitError(MESSAGES.fixErrors);
      return;
    }
    setSubmitError(null);
    setBusy(true);
    try {
      await onSubmit(toFormBody(values, projectID));
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setSubmitError(err);
    } finally {
      setBusy(false);
    }
  };

  const select = (field: keyof ScenarioFormValues) => ({
    value: String(values[field]),
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => set(field, e.currentTarget.value as never),
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="scenario-form">
      <Stack>
        <ErrorList error={submitError} />
        <TextInput label="Scenario name" required value={values.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} data-testid="scenario-name" />
        <NativeSelect
          label="Weather dataset"
          required
          data={[
            ...(values.weatherDatasetID ? [] : [{ value: '', label: 'Select a weather dataset' }]),
            ...options.weatherDatasets.map((g) => ({ group: g.label, items: g.options.map((o) => ({ value: String(o.id), label: o.name })) })),
          ]}
          {...select('weatherDatasetID')}
          data-testid="scenario-weather"
        />
        {(climate.scenarios.length > 0 || climate.periods.length > 0) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {climate.scenarios.length > 0 && (
              <NativeSelect label="Climate change scenario" data={[NONE, ...climate.scenarios.map((c) => ({ value: String(c.id), label: c.name }))]} {...select('climateChangeScenarioID')} data-testid="scenario-climate" />
            )}
            {climate.periods.length > 0 && (
              <NativeSelect label="Climate change time period" data={[NONE, ...climate.periods.map((p) => ({ value: String(p.id), label: p.name }))]} {...select('climateChangeTimePeriodID')} data-testid="scenario-period" />
            )}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label="Starting simulation date"
            required
            description={bounds ? `From ${bounds.min} to ${bounds.max}` : undefined}
            min={bounds?.min}
            max={bounds?.max}
            value={values.startingSimulationDate}
            error={errors.startingSimulationDate}
            onChange={(e) => set('startingSimulationDate', e.currentTarget.value)}
            data-testid="scenario-start"
          />
          <TextInput
            type="date"
            label="Ending simulation date"
            required
            description={bounds ? `From ${bounds.min} to ${bounds.max}` : undefined}
            min={bounds?.min}
            max={bounds?.max}
            value={values.endingSimulationDate}
            error={errors.endingSimulationDate}
            onChange={(e) => set('endingSimulationDate', e.currentTarget.value)}
            data-testid="scenario-end"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Warm-up years"
            description="Years simulated before output is printed (NYSKIP)"
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.skipYears}
            error={errors.skipYears}
            onChange={(v) => set('skipYears', v === '' ? '' : Number(v))}
            data-testid="scenario-skip"
          />
          <NativeSelect label="Print setting" required data={options.printSettings.map((p) => ({ value: String(p.id), label: p.name }))} {...select('printSetting')} data-testid="scenario-print" />
          <NativeSelect
            label="SWAT version"
            required
            data={[...(values.swatVersionID ? [] : [{ value: '', label: 'Select a SWAT version' }]), ...options.swatVersions.map((v) => ({ value: String(v.id), label: v.name }))]}
            {...select('swatVersionID')}
            data-testid="scenario-swat"
          />
        </SimpleGrid>
        {values.printSetting !== '' && values.printSetting !== String(DAILY_PRINT_SETTING) && (
          <Alert color="blue" data-testid="print-setting-info">
            {SCENARIO_MESSAGES.printSettingInfo}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy} data-testid="scenario-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
