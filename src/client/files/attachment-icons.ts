import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import MovieIcon from '@mui/icons-material/Movie';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import type { MimeGroup } from '../../protocol/files';

/** One icon per kind of file, wherever attachments are listed. */
export const ATTACHMENT_ICONS: Record<MimeGroup, typeof ImageIcon> = {
  audio: AudiotrackIcon,
  image: ImageIcon,
  model: ViewInArIcon,
  text: TextSnippetIcon,
  video: MovieIcon,
  application: DescriptionIcon,
};
