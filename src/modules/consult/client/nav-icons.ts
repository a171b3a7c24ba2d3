import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

// The drawer's icons for the consult module's views (ViewDecl.icon), collected by the shell's
// lazily loaded icon chunk (src/client/shell/nav-icons.tsx), never by start-up code.
export const navIcons: Readonly<Record<string, SvgIconComponent>> = {
  Assignment: AssignmentOutlined,
  AssignmentTurnedIn: AssignmentTurnedInOutlined,
  AttachFile: AttachFileOutlined,
  Event: EventOutlined,
};
