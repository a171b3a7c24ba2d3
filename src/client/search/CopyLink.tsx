import { Button, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COPIED_MS = 2_000;

/** A link to copy: the text (selectable) and a Copy button with 2 s of feedback (spec core §9). */
export function CopyLink({ link }: { link: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard access: select the text so the person can copy it themselves.
      input.current?.select();
    }
  }
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 1 }}>
      <TextField
        label={t('search.save.link')}
        value={link}
        size="small"
        fullWidth
        inputRef={input}
        onFocus={(e) => e.target.select()}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Button onClick={() => void copy()} aria-live="polite">
        {copied ? t('search.save.copied') : t('search.save.copy')}
      </Button>
    </Stack>
  );
}
