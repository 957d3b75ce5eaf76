// A small rich-text editor on Tiptap (@tiptap/react + starter-kit) with a Mantine toolbar.
// @mantine/tiptap would be the natural choice, but its current release pins @mantine/core
// 9.7.3 exactly while the site runs 9.7.4, so the toolbar is drawn here. The server sanitises
// whatever HTML arrives (mass-email/service.ts), so this editor is a convenience, not a guard.
import { Button, Group, Paper } from '@mantine/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

type Mark = { label: string; title: string; active: (e: Editor) => boolean; run: (e: Editor) => void };

const TOOLS: Mark[] = [
  { label: 'B', title: 'Bold', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'I', title: 'Italic', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'U', title: 'Underline', active: (e) => e.isActive('underline'), run: (e) => e.chain().focus().toggleUnderline().run() },
  { label: 'H2', title: 'Heading', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: '• List', title: 'Bullet list', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: '1. List', title: 'Numbered list', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
];

export function RichTextEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } })],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', 'data-testid': 'email-body', style: 'min-height: 180px; outline: none; padding: 8px;' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({ editor, selector: ({ editor: e }) => (e ? TOOLS.map((t) => t.active(e)) : TOOLS.map(() => false)) });
  // a cleared form (after sending) clears the editor
  useEffect(() => {
    if (editor && value === '' && !editor.isEmpty) editor.commands.clearContent();
  }, [editor, value]);
  return (
    <Paper withBorder>
      <Group gap={4} p={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {TOOLS.map((t, i) => (
          <Button key={t.title} size="compact-xs" variant={active?.[i] ? 'filled' : 'default'} title={t.title} aria-label={t.title} onClick={() => editor && t.run(editor)}>
            {t.label}
          </Button>
        ))}
      </Group>
      <EditorContent editor={editor} />
    </Paper>
  );
}
