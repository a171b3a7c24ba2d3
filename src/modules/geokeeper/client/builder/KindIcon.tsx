import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AudiotrackIcon from '@mui/icons-material/AudiotrackOutlined';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import CheckBoxIcon from '@mui/icons-material/CheckBoxOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LooksOneIcon from '@mui/icons-material/LooksOneOutlined';
import NumbersIcon from '@mui/icons-material/Numbers';
import PentagonIcon from '@mui/icons-material/PentagonOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RepeatIcon from '@mui/icons-material/Repeat';
import ShortTextIcon from '@mui/icons-material/ShortText';
import TimelineIcon from '@mui/icons-material/Timeline';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import type { FieldKind } from '../../form/definition';

const ICONS: Record<FieldKind, ComponentType<SvgIconProps>> = {
  text: ShortTextIcon,
  integer: LooksOneIcon,
  decimal: NumbersIcon,
  date: CalendarMonthIcon,
  time: AccessTimeIcon,
  datetime: EventIcon,
  select_one: RadioButtonCheckedIcon,
  select_multiple: CheckBoxIcon,
  geopoint: PlaceIcon,
  geotrace: TimelineIcon,
  geoshape: PentagonIcon,
  photo: PhotoCameraIcon,
  video: VideocamIcon,
  audio: AudiotrackIcon,
  note: InfoIcon,
  group: FolderIcon,
  repeat: RepeatIcon,
};

/** The icon of a field kind, in the builder's list and menus. */
export function KindIcon({ kind, ...rest }: { kind: FieldKind } & SvgIconProps) {
  const Icon = ICONS[kind];
  return <Icon {...rest} />;
}
