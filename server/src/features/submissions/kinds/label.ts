import { eq, sql } from 'drizzle-orm';
import {
  CommentTargetKind,
  SUBMISSION_VOTES_TO_DECIDE,
  labelSubmissionSchema,
  type LabelSnapshot,
  type LabelSubmission,
} from '@earmark/common';
import { labels, releaseLabels } from '../../../db/schema/catalogue';
import { catalogueTags } from '../../../lib/cache-tags';
import { LABEL_NOT_FOUND, findVisibleLabel } from '../../labels/service';
import { counted, type SubmissionKindSpec } from './kind';

export const labelKind: SubmissionKindSpec<LabelSubmission, LabelSnapshot> = {
  kind: 'label',
  schema: labelSubmissionSchema,
  table: labels,
  notFound: LABEL_NOT_FOUND,
  threadKind: CommentTargetKind.LABEL_SUBMISSION,
  votesToDecide: SUBMISSION_VOTES_TO_DECIDE,
  createWaitsForVotes: false,

  async readSnapshot(db, id) {
    const row = await findVisibleLabel(db, id);
    return row ? { name: row.name, nameLatin: row.nameLatin } : null;
  },

  async buildSnapshot(_db, payload) {
    return { name: payload.name, nameLatin: payload.nameLatin ?? null };
  },

  async apply(uow, snap, { entityId, previous }) {
    const values = { name: snap.name, nameLatin: snap.nameLatin };
    if (previous) {
      await uow.tx
        .update(labels)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(labels.id, entityId));
    } else {
      await uow.tx.insert(labels).values({ id: entityId, ...values });
    }
    uow.invalidate(catalogueTags.label(entityId));
  },

  title: (snap) => snap.name,

  references: (db, id) =>
    counted(db, {
      table: releaseLabels,
      where: eq(releaseLabels.labelId, id),
      one: 'release names it',
      many: 'releases name it',
    }),

  async remove(uow, id) {
    await uow.tx.delete(releaseLabels).where(eq(releaseLabels.labelId, id));
    await uow.tx.delete(labels).where(eq(labels.id, id));
    uow.invalidate(catalogueTags.label(id));
  },
};
