import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../../../../client/module-api';
import { useDesignOrgs, useWorkflows, useWorkflowTypes } from './design-scope';
import { NewWorkflowDialog } from './NewWorkflowDialog';
import { WorkflowEditor } from './WorkflowEditor';

/**
 * admin.workflows, the designer (spec capability-modules §2 "Admin"): the workflows of the
 * organisations the user builds them for, a new one, and the step editor of the chosen one.
 * Saving is the ordinary update of the Workflow item; the server checks the steps.
 */
export function WorkflowsView() {
  const { t } = useTranslation();
  const { orgs, labels, loading } = useDesignOrgs();
  const types = useWorkflowTypes();
  const list = useWorkflows(orgs);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const workflows = list.data ?? [];
  const current = selected ?? workflows[0]?.$id ?? null;

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, alignContent: 'start' }}>
      <Typography variant="body2">{t('workflow.intro')}</Typography>
      {!loading && orgs.length === 0 && <Alert severity="info">{t('workflow.noOrgs')}</Alert>}
      {orgs.length > 0 && types.length === 0 && <Alert severity="info">{t('workflow.noTypes')}</Alert>}
      {orgs.length > 0 && types.length > 0 && (
        <Box>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('workflow.newWorkflow')}
          </Button>
        </Box>
      )}
      {creating && (
        <NewWorkflowDialog
          orgs={orgs}
          orgLabels={labels}
          types={types}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setSelected(id);
          }}
        />
      )}
      {orgs.length > 0 && (
        <Paper variant="outlined" component="nav" aria-label={t('workflow.list')}>
          {list.isError ? (
            <Alert severity="error">{t('errors.generalFailure')}</Alert>
          ) : workflows.length === 0 && !list.isPending ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('workflow.none')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {workflows.map((w) => (
                <ListItem key={w.$id} disablePadding>
                  <ListItemButton
                    selected={w.$id === current}
                    aria-current={w.$id === current ? 'true' : undefined}
                    onClick={() => setSelected(w.$id)}
                  >
                    <ListItemText
                      primary={w.label ?? w.$id}
                      secondary={[
                        w.appliesTo ? typeLabel(t, w.appliesTo) : null,
                        w.owner ? (labels[w.owner] ?? w.owner) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                    {w.isDefault && <Chip size="small" label={t('workflow.defaultChip')} />}
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      )}
      {current && workflows.some((w) => w.$id === current) && <WorkflowEditor key={current} id={current} />}
    </Box>
  );
}
