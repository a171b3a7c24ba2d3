import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A page of paragraphs from the i18n bundle (terms, privacy, imprint). */
export function TextPage({
  titleKey,
  bodyKey,
  children,
}: {
  titleKey: string;
  bodyKey: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3, maxWidth: 760 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t(titleKey)}
      </Typography>
      {t(bodyKey)
        .split('\n\n')
        .map((p, i) => (
          <Typography key={i} sx={{ mb: 2 }}>
            {p}
          </Typography>
        ))}
      {children}
    </Box>
  );
}

export function TermsView() {
  return <TextPage titleKey="views.terms.title" bodyKey="views.terms.body" />;
}

export function ImprintView() {
  return <TextPage titleKey="views.imprint.title" bodyKey="views.imprint.body" />;
}

export function PrivacyView() {
  const { t } = useTranslation();
  return (
    <TextPage titleKey="views.privacy.title" bodyKey="views.privacy.body">
      <Typography component="h2" variant="h5" id="cookies" gutterBottom sx={{ mt: 3 }}>
        {t('views.privacy.cookiesTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('views.privacy.cookies')}</Typography>
    </TextPage>
  );
}
