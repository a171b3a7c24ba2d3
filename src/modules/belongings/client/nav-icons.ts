import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

// The drawer's icons for the belongings module's views (ViewDecl.icon), collected by the shell's
// lazily loaded icon chunk (src/client/shell/nav-icons.tsx), never by start-up code.
export const navIcons: Readonly<Record<string, SvgIconComponent>> = {
  AssignmentTurnedIn: AssignmentTurnedInOutlined,
  Layers: LayersOutlined,
};
