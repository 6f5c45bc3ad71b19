import type { Reference } from '../../contract/schemas/reference.js';
import { createReference, deleteReference } from '../domain/references.js';
import { isoMicros } from '../present/user.js';
import type { ReferenceRecord } from '../../seed-file/seed-file.js';
import { ok, type HandlerMap } from './types.js';

function presentReference(r: ReferenceRecord): Reference {
  return {
    id: r.id,
    post_id: r.post_key,
    reference: r.reference,
    created_at: isoMicros(r.created_at),
    updated_at: isoMicros(r.updated_at),
  };
}

export const referenceHandlers: HandlerMap = {
  'references.create': ({ portal, params, body, now }) =>
    ok({ data: presentReference(createReference(portal, params.key, body.reference, now)) }),
  'references.delete': ({ portal, params }) => {
    deleteReference(portal, params.id);
    return ok({});
  },
};
