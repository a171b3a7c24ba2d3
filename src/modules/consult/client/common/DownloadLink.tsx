import DownloadIcon from '@mui/icons-material/Download';
import { Button, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A file the server makes, as a plain link the browser downloads itself: the token cookie goes
 * with it (the audit's CSV, a referral's PDF). The hint is the link's description for a screen
 * reader too (describeChild).
 */
export function DownloadLink(props: {
  href: string;
  download: string;
  hint: string;
  disabled?: boolean;
  children: ReactNode;
  /** A data attribute for tests and the browser sweep: `data-${testData}`. */
  testData?: string;
}) {
  return (
    <Tooltip title={props.hint} describeChild>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        component="a"
        href={props.href}
        download={props.download}
        disabled={props.disabled}
        {...(props.testData ? { [`data-${props.testData}`]: true } : {})}
      >
        {props.children}
      </Button>
    </Tooltip>
  );
}
