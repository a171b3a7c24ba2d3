import MapOutlined from '@mui/icons-material/MapOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

// The drawer's icons for the spatial module's views (ViewDecl.icon), collected by the shell's
// lazily loaded icon chunk (src/client/shell/nav-icons.tsx), never by start-up code.
export const navIcons: Readonly<Record<string, SvgIconComponent>> = {
  Map: MapOutlined,
  Layers: LayersOutlined,
  Place: PlaceOutlined,
};
