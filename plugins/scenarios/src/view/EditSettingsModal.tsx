// Edit settings: the create form on the scenario's values, PUT scenarios/{id}.
import { Center, Loader, Modal } from '@mantine/core';
import { ErrorList, api, useApiQuery } from '@headwater/plugin-sdk';
import { ScenarioForm } from '../components/ScenarioForm.tsx';
import { valuesFromScenario } from '../logic.ts';
import type { Scenario, ScenarioOptions } from '../types.ts';

export type EditSettingsModalProps = { scenario: Scenario; onClose: () => void; onSaved: () => void };

export function EditSettingsModal({ scenario, onClose, onSaved }: EditSettingsModalProps) {
  const options = useApiQuery<ScenarioOptions>(`scenarios/options/${scenario.projectID}`);
  return (
    <Modal opened onClose={onClose} title="Edit settings" size="xl">
      <ErrorList error={options.error} />
      {options.isLoading && (
        <Center p="md">
          <Loader />
        </Center>
      )}
      {options.data && (
        <ScenarioForm
          options={options.data}
          initial={valuesFromScenario(scenario)}
          projectID={scenario.projectID}
          submitLabel="Save"
          onCancel={onClose}
          onSubmit={async (body) => {
            await api.put(`scenarios/${scenario.id}`, body);
            onSaved();
          }}
        />
      )}
    </Modal>
  );
}
