// User categories (AdminUserCategories; spec 3 §2.3 'draggable, ordered list with add and
// remove', §5 'ignored if empty or duplicate (the input is cleared on a duplicate)'). Every
// change — a drag, an addition, a removal — saves the whole ordered list (POST
// admin/users/categories); the registration and profile forms offer it in this order.
// Drag and drop: @dnd-kit (pointer and keyboard: focus a handle, Space, arrows, Space).
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ErrorList, PageLayout, SuccessAlert, queryFallback, useApiMutation, useApiQuery } from '@headwater/plugin-sdk';
import { useEffect, useState } from 'react';

function SortableCategory({ name, onRemove, disabled }: { name: string; onRemove: () => void; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: name });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid="category-item"
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" aria-label={`Drag ${name}`} style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners}>
            ⠿
          </ActionIcon>
          <Text size="sm">{name}</Text>
        </Group>
        <Button size="xs" variant="subtle" color="red" onClick={onRemove} disabled={disabled} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

export function CategoriesPage() {
  const query = useApiQuery<string[]>('admin/users/categories');
  const [items, setItems] = useState<string[]>([]);
  const [input, setInput] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (query.data) setItems(query.data);
  }, [query.data]);
  const save = useApiMutation<string[], string[]>('POST', 'admin/users/categories', {
    invalidate: ['admin/users/categories', 'account/locationdata'],
    onSuccess: (list) => {
      setItems(list);
      setSaved(true);
    },
  });
  const commit = (list: string[]) => {
    setItems(list);
    save.mutate(list);
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    commit(arrayMove(items, items.indexOf(String(active.id)), items.indexOf(String(over.id))));
  };
  const add = () => {
    const value = input.trim();
    if (!value) return; // an empty entry is ignored
    setInput(''); // cleared on a duplicate too (spec 3 §5)
    if (items.some((c) => c.toLowerCase() === value.toLowerCase())) return;
    commit([...items, value]);
  };

  if (!query.data) return <PageLayout title="User categories">{queryFallback(query)}</PageLayout>;
  return (
    <PageLayout title="User categories" size="sm">
      <Text size="sm" c="dimmed">
        The organisation categories offered on the registration and profile forms, in this order. Drag a category by its handle to move it.
      </Text>
      <SuccessAlert show={saved} onClose={() => setSaved(false)} />
      <ErrorList error={save.error} />
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items} strategy={verticalListSortingStrategy}>
          <Stack gap={6} data-testid="category-list">
            {items.map((c) => (
              <SortableCategory key={c} name={c} disabled={save.isPending || items.length <= 1} onRemove={() => commit(items.filter((x) => x !== c))} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <Group align="flex-end">
        <TextInput
          label="New category"
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
          maxLength={100}
          w={320}
          data-testid="category-input"
        />
        <Button onClick={add} disabled={save.isPending} data-testid="category-add">
          Add
        </Button>
      </Group>
    </PageLayout>
  );
}
