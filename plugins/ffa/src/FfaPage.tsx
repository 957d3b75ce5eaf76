// Flood Frequency Analysis (spec 2 §2): the request list and the request form — all or chosen
// subbasins, Bulletin 17B or Bulletin 17C (EMA), and optionally a generalized (regional) skew
// with its mean square error for a weighted skew. Each complete request links to its results.
import { Alert, Button, Checkbox, Group, Loader, NumberInput, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  CustomOutputRequestList,
  ErrorList,
  FFA_MESSAGES,
  FFA_METHODS,
  OutputPage,
  ROUTES,
  RouteLink,
  SubbasinChoice,
  subbasinChoiceValid,
  useCustomOutputPage,
  useRequestSubmit,
  type CustomOutputRequest,
  type FfaMethod,
  type PageProps,
  type SubbasinChoiceValue,
} from '@headwater/plugin-sdk';

export const FFA_REQUIRES = { daily: true, moreYearsThan: 3 };
/** Spec 2 §8: at least 10 years is recommended. */
export const RECOMMENDED_YEARS = 10;

const methodLabel = (r: CustomOutputRequest) => FFA_METHODS.find((m) => m.value === r.options.method)?.label ?? 'Bulletin 17B';

function FfaTool({ projectID, scenarioID }: { projectID: string; scenarioID: string }) {
  const page = useCustomOutputPage('ffa', scenarioID, 'ffa');
  const [choice, setChoice] = useState<SubbasinChoiceValue>({ applyToAll: true, subbasins: [] });
  const [method, setMethod] = useState<FfaMethod>('b17b');
  const [weighted, setWeighted] = useState(false);
  const [skew, setSkew] = useState<number | string>('');
  const [mse, setMse] = useState<number | string>('');
  const { submit, busy, feedback, error } = useRequestSubmit('ffa', scenarioID, () => void page.refresh());
  if (page.isLoading) return <Loader />;
  if (page.error || !page.data) return <ErrorList error={page.error} />;
  const data = page.data;
  const skewProblem = !weighted
    ? null
    : skew === '' || mse === ''
      ? FFA_MESSAGES.generalizedSkew
      : Number(skew) < -3 || Number(skew) > 3
        ? FFA_MESSAGES.generalizedSkewRange
        : !(Number(mse) > 0)
          ? FFA_MESSAGES.generalizedSkewMse
          : null;
  const valid = subbasinChoiceValid(choice) && !skewProblem;
  const fieldErrors = (error as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {};
  const send = () =>
    submit({
      applyToAll: choice.applyToAll,
      subbasins: choice.applyToAll ? [] : choice.subbasins,
      method,
      ...(weighted ? { generalizedSkew: Number(skew), generalizedSkewMse: Number(mse) } : {}),
    });
  return (
    <Stack>
      {data.numYears < RECOMMENDED_YEARS && (
        <Alert color="blue" data-testid="years-recommended">
          This scenario simulates {data.numYears} years (simulation length minus warm-up years). At least {RECOMMENDED_YEARS} years is recommended.
        </Alert>
      )}
      <Title order={4}>Requests</Title>
      <CustomOutputRequestList
        requests={data.requests}
        columns={[{ header: 'Method', cell: methodLabel }]}
        results={(r) => (
          <RouteLink to={ROUTES.FfaResult} params={{ id: projectID, scenarioID, requestID: r.id }} data-testid="request-results">
            Results
          </RouteLink>
        )}
        onRefresh={() => void page.refresh()}
        onDeleted={() => void page.refresh()}
      />
      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>New request</Title>
          <Text size="sm" c="dimmed">
            The annual maximum daily flow of each subbasin's reach (calendar years) is fitted with a log-Pearson type III distribution.
          </Text>
          <SubbasinChoice value={choice} onChange={setChoice} subbasins={data.subbasins} error={fieldErrors.subbasins?.[0]} />
          <Radio.Group label="Method" value={method} onChange={(v) => setMethod(v as FfaMethod)}>
            <Group mt={6}>
              {FFA_METHODS.map((m) => (
                <Radio key={m.value} value={m.value} label={m.label} data-testid={`method-${m.value}`} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox label="Weight the station skew with a generalized (regional) skew" checked={weighted} onChange={(e) => setWeighted(e.currentTarget.checked)} data-testid="use-generalized-skew" />
          {weighted && (
            <Group align="flex-start">
              <NumberInput label="Generalized skew" value={skew} onChange={setSkew} min={-3} max={3} clampBehavior="none" step={0.01} decimalScale={3} w={180} data-testid="generalized-skew" />
              <NumberInput label="Mean square error of the generalized skew" value={mse} onChange={setMse} min={0} step={0.01} decimalScale={4} w={280} data-testid="generalized-skew-mse" />
            </Group>
          )}
          {skewProblem && (
            <Text c="red" size="sm">
              {skewProblem}
            </Text>
          )}
          {feedback}
          <Group>
            <Button onClick={() => void send()} disabled={!valid} loading={busy} data-testid="submit-request">
              Submit request
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

export function FfaPage(props: PageProps) {
  return (
    <OutputPage {...props} title="Flood Frequency Analysis" requires={FFA_REQUIRES}>
      {() => <FfaTool projectID={props.params.id ?? ''} scenarioID={props.params.scenarioID ?? ''} />}
    </OutputPage>
  );
}
