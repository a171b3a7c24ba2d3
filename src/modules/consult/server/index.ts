import { actsOf, type ServerModule } from '../../../server/module-api';
import { consultActs } from '../contract';

/** The consultation module's server half. */
export const server: ServerModule = {
  id: 'consult',
  acts: actsOf(consultActs, {}),
};
