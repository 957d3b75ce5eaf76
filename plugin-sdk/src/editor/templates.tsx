// The SDK's rjsf object template: Mantine's, plus tabs for forms with many fields (basin
// variables: Water Balance, Surface Runoff, Nutrient Cycling, Reaches). Named in the uiSchema,
// so a form stays plain JSON:
//   { "ui:options": { "tabs": [{ "key": "waterBalance", "title": "Water Balance", "fields": ["SFTMP", ...] }], "gridCols": 2 } }
// Fields in no tab come after the tabs. Every panel stays mounted, so a field's error (and the
// form's validation) does not depend on the open tab; a tab with errors shows their count.
// A page that remounts its form (after a save) keeps the open tab through the form context
// (`{ tab, onTabChange }`, see SingleSettingEditor).
import { Badge, Box, SimpleGrid, Tabs } from '@mantine/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import { getUiOptions, type ObjectFieldTemplateProps, type ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import { useState, type ComponentType } from 'react';

export type FormTab = { key: string; title: string; fields: string[] };
/** What a page may put in rjsf's form context to keep the open tab across remounts. */
export type TabsFormContext = { tab?: string | null; onTabChange?: (key: string) => void };

const MantineObjectFieldTemplate = MantineTheme.templates!.ObjectFieldTemplate as ComponentType<ObjectFieldTemplateProps>;

function errorCount(errorSchema: ObjectFieldTemplateProps['errorSchema'], fields: string[]): number {
  const errors = (errorSchema ?? {}) as Record<string, { __errors?: unknown[] } | undefined>;
  return fields.reduce((n, f) => n + (errors[f]?.__errors?.length ? 1 : 0), 0);
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const tabs = getUiOptions(props.uiSchema).tabs as FormTab[] | undefined;
  if (!Array.isArray(tabs) || tabs.length === 0) return <MantineObjectFieldTemplate {...props} />;
  return <TabbedObject {...props} tabs={tabs} />;
}

function TabbedObject({ tabs, ...props }: ObjectFieldTemplateProps & { tabs: FormTab[] }) {
  const options = getUiOptions(props.uiSchema);
  const context = (props.registry.formContext ?? {}) as TabsFormContext;
  const [open, setOpen] = useState(() => (context.tab && tabs.some((t) => t.key === context.tab) ? context.tab : tabs[0]!.key));
  const cols = typeof options.gridCols === 'number' ? options.gridCols : 1;
  const byName = new Map(props.properties.filter((p) => !p.hidden).map((p) => [p.name, p]));
  const grid = (items: (ObjectFieldTemplatePropertyType | undefined)[]) => (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="lg" verticalSpacing="md" py="md">
      {items.filter((p): p is ObjectFieldTemplatePropertyType => !!p).map((p) => (
        <Box key={p.name}>{p.content}</Box>
      ))}
    </SimpleGrid>
  );
  const inTabs = new Set(tabs.flatMap((t) => t.fields));
  const rest = [...byName.values()].filter((p) => !inTabs.has(p.name));
  return (
    <Box id={props.fieldPathId.$id}>
      <Tabs
        value={open}
        onChange={(key) => {
          if (!key) return;
          setOpen(key);
          context.onTabChange?.(key);
        }}
        keepMounted
      >
        <Tabs.List>
          {tabs.map((t) => {
            const n = errorCount(props.errorSchema, t.fields);
            return (
              <Tabs.Tab key={t.key} value={t.key} color={n ? 'red' : undefined} rightSection={n ? <Badge size="xs" color="red" circle>{n}</Badge> : undefined}>
                {t.title}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.key} value={t.key}>
            {grid(t.fields.map((f) => byName.get(f)))}
          </Tabs.Panel>
        ))}
      </Tabs>
      {rest.length > 0 && grid(rest)}
    </Box>
  );
}
