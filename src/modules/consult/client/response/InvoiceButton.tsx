import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useCell, type Item } from '../../../../client/module-api';
import { formatCents } from '../../costs-money';
import { PdfSendDialog } from '../letters/PreviewDialog';

/**
 * "Send an invoice…": the invoice for the response's logged time and expenses (rwfInvoicePreview:
 * the very PDF rwfInvoiceSend makes), its total and who it goes to; "Send the invoice" sends it to
 * the proponent as a thread, which then opens beside the record.
 */
export function InvoiceButton({ response }: { response: Item }) {
  const { t, i18n } = useTranslation();
  const { client, alerts } = useApp();
  const cell = useCell();
  const [open, setOpen] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {t('consult.costs.invoice')}
      </Button>
      {open && (
        <PdfSendDialog
          open
          onClose={() => setOpen(false)}
          queryKey={['invoicePreview', response.$id, response.$version]}
          load={async () => {
            const r = await client.act('rwfInvoicePreview', { response: response.$id });
            setTotal(r.total);
            return r;
          }}
          fileName={t('consult.costs.invoiceFile')}
          title={t('consult.costs.invoiceTitle')}
          confirmLabel={t('consult.costs.invoiceSend')}
          help={t('consult.costs.invoiceHelp')}
          onSend={async () => {
            try {
              const sent = await client.act('rwfInvoiceSend', { response: response.$id });
              alerts.push({ type: 'success', key: 'consult.costs.invoiceSent' });
              cell.open(`i-${sent.thread}`);
              return true;
            } catch (e) {
              alerts.error(e);
              return false;
            }
          }}
        >
          {total !== null && (
            <Typography sx={{ fontWeight: 600, mb: 1 }} data-invoice-total>
              {t('consult.costs.invoiceTotal', { total: formatCents(total, i18n.language || 'en') })}
            </Typography>
          )}
        </PdfSendDialog>
      )}
    </>
  );
}
