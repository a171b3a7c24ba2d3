import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

// The drawer's icons for the workflow module's views (ViewDecl.icon), collected by the shell's
// lazily loaded icon chunk (src/client/shell/nav-icons.tsx), never by start-up code.
export const navIcons: Readonly<Record<string, SvgIconComponent>> = {
  AccountTree: AccountTreeOutlined,
};
