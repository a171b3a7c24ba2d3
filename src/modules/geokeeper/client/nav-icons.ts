import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import EditLocationAltOutlined from '@mui/icons-material/EditLocationAltOutlined';
import ExploreOutlined from '@mui/icons-material/ExploreOutlined';
import HikingOutlined from '@mui/icons-material/HikingOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

// The drawer's icons for the GeoKeeper views (ViewDecl.icon), collected by the shell's lazily
// loaded icon chunk (src/client/shell/nav-icons.tsx), never by start-up code.
export const navIcons: Readonly<Record<string, SvgIconComponent>> = {
  AddLocationAlt: AddLocationAltOutlined,
  EditLocationAlt: EditLocationAltOutlined,
  Public: PublicOutlined,
  Explore: ExploreOutlined,
  Hiking: HikingOutlined,
};
