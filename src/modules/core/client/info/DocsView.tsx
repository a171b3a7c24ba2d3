import {
  Alert,
  Box,
  Breadcrumbs,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  docPage,
  Markdown,
  menuDocPages,
  useApp,
  useSession,
  type ViewProps,
} from '../../../../client/module-api';

/** /docs (the list of pages) and /docs/{docKey} (one page), without columns (spec core §2). */
export function DocsView({ rest }: ViewProps) {
  const { t } = useTranslation();
  const { config } = useApp();
  const signedIn = !!useSession().user;
  const key = rest.join('/');
  const page = key ? docPage(key, config) : undefined;
  const title = page ? t(page.titleKey) : t('adminScreens.docs.title');
  const q = useQuery({
    queryKey: ['doc', key],
    queryFn: () => page!.load(),
    enabled: !!page,
    staleTime: Infinity,
  });
  useEffect(() => {
    document.title = `${title} • ${config.siteName}`;
  }, [title, config.siteName]);
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 860, mx: 'auto' }}>
      <Breadcrumbs aria-label={t('adminScreens.docs.breadcrumbs')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/docs">
          {t('adminScreens.docs.title')}
        </Link>
        {page && <Typography color="text.primary">{title}</Typography>}
      </Breadcrumbs>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {key && !page && <Alert severity="warning">{t('adminScreens.docs.notFound', { key })}</Alert>}
      {!key && (
        <List>
          {signedIn && (
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to="/whats-new">
                <ListItemText primary={t('nav.whats-new')} secondary={t('adminScreens.docs.whatsNewHint')} />
              </ListItemButton>
            </ListItem>
          )}
          {menuDocPages(config).map((p) => (
            <ListItem key={p.key} disablePadding>
              <ListItemButton component={RouterLink} to={`/docs/${p.key}`}>
                <ListItemText primary={t(p.titleKey)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {page && q.data !== undefined && <Markdown source={stripTitle(q.data)} headingOffset={0} />}
      {page && q.isPending && <Typography>{t('adminScreens.loading')}</Typography>}
    </Box>
  );
}

/** The page's own h1 is the translated title; a file's first `# Title` line would repeat it. */
export function stripTitle(md: string): string {
  return md.replace(/^#\s+[^\n]*\n+/, '');
}
