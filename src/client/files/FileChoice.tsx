import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Typography } from '@mui/material';
import { useRef, type ReactNode } from 'react';

export interface FileChoiceProps {
  /** The input's accept list (".csv,text/csv"). */
  accept: string;
  file: File | null;
  disabled?: boolean;
  onChoose(file: File | undefined): void;
  /** The button's words before and after a choice, and what shows while none is chosen. */
  labels: { choose: string; change: string; none: string };
  /** The hidden input's test id, for a browser test that sets its file. */
  testId?: string;
  /** A line under the file's name (the formats it reads). */
  hint?: ReactNode;
}

/**
 * An import dialog's file step: a dashed box with the choose button and the chosen file's name.
 * The file input itself is hidden and named like the button, so a screen reader and a test reach
 * it by the same words (the CSV import's and the GIS import's dialogs).
 */
export function FileChoice({ accept, file, disabled, onChoose, labels, testId, hint }: FileChoiceProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Box
      sx={{
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 1,
        p: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={accept}
        aria-label={labels.choose}
        data-testid={testId}
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        {file ? labels.change : labels.choose}
      </Button>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{file?.name ?? labels.none}</Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
