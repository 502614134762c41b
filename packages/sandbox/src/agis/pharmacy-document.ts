import { INVALID_INPUT_ERROR, MONEY_OUTPUT } from './document-parts.js';
import type { AgisDocumentDefinition, AgisErrorDeclaration } from './document-types.js';

/** Namespace of the pharmacy service (`X-AGIS-Namespace`). */
export const PHARMACY_NAMESPACE = 'sandbox-pharmacy';

const storeNotFound: AgisErrorDeclaration = {
  name: 'store_not_found',
  description: 'No pharmacy store has that id.',
  status: 404,
};

/** The AGIS 1.0 document of the pharmacy service at `domain`. */
export function pharmacyDocument(domain: string): AgisDocumentDefinition {
  return {
    agis: '1.0',
    service: 'Sandbox Community Pharmacy',
    agtp: `agtp://${domain}`,
    description:
      'Prescription refills, store finder and home delivery for a three-store sandbox pharmacy. Prescriptions RX-100001 to RX-100004 exist.',
    version: '1.0.0',
    endpoints: [
      {
        method: 'FIND',
        path: '/store',
        semantic: {
          intent:
            'Finds pharmacy stores near a postal code or neighborhood, optionally offering a given service.',
          actor: 'agent',
          outcome: 'A list of matching stores with address, opening hours and services is returned.',
          capability: 'discovery',
          confidence_guidance: 0.4,
          impact_tier: 'informational',
          is_idempotent: true,
          parameter_hints: {
            near: ['near 94110', 'in Old Town', 'close to the airport'],
            service: ['that does flu shots', 'with a drive-thru', 'open around the clock'],
          },
        },
        input: {
          type: 'object',
          properties: {
            near: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              description: 'Postal code or neighborhood.',
            },
            service: { type: 'string', enum: ['vaccination', 'drive_thru', 'compounding', 'open_24h'] },
          },
          required: [],
          additionalProperties: false,
        },
        output: {
          type: 'object',
          properties: {
            stores: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  store_id: { type: 'string' },
                  name: { type: 'string' },
                  address: { type: 'string' },
                  postal_code: { type: 'string' },
                  hours: { type: 'string' },
                  services: { type: 'array', items: { type: 'string' } },
                },
                required: ['store_id', 'name', 'address'],
              },
            },
          },
          required: ['stores'],
        },
        errors: [
          {
            name: 'no_store_found',
            description: 'No store matches the location and service asked for.',
            status: 404,
          },
          INVALID_INPUT_ERROR,
        ],
      },
      {
        method: 'REFILL',
        path: '/prescription/{rx_id}',
        semantic: {
          intent:
            'Refills a prescription for the patient at a pharmacy store, using one of its remaining refills.',
          actor: 'agent',
          outcome:
            'A refill order is submitted, one refill is used up and the copay is billed to the patient.',
          capability: 'transaction',
          confidence_guidance: 0.9,
          impact_tier: 'irreversible',
          is_idempotent: false,
          parameter_hints: {
            rx_id: ['prescription RX-100001', 'my statin, RX-100001', 'Rx number 100001'],
            store_id: ['at the Harborside store', 'pick it up in Old Town'],
          },
          state_transition: {
            'prescription.refills_remaining': '[n] -> [n - 1]',
            'refill.status': 'NONE -> SUBMITTED',
          },
        },
        input: {
          type: 'object',
          properties: {
            rx_id: { type: 'string', pattern: '^RX-[0-9]{6}$' },
            store_id: { type: 'string', enum: ['st-harborside', 'st-old-town', 'st-airport'] },
          },
          required: ['rx_id'],
          additionalProperties: false,
        },
        output: {
          type: 'object',
          properties: {
            refill_id: { type: 'string', pattern: '^RF-[0-9]{4,}$' },
            rx_id: { type: 'string' },
            status: { type: 'string', enum: ['submitted'] },
            medication: { type: 'string' },
            store_id: { type: 'string' },
            ready_in_hours: { type: 'integer' },
            refills_remaining: { type: 'integer', minimum: 0 },
            copay: MONEY_OUTPUT,
          },
          required: ['refill_id', 'rx_id', 'status', 'store_id', 'refills_remaining'],
        },
        errors: [
          {
            name: 'prescription_not_found',
            description: 'No prescription with that number is on file.',
            status: 404,
          },
          {
            name: 'no_refills_remaining',
            description: 'The prescription has no refills left; the prescriber must renew it.',
            status: 409,
          },
          {
            name: 'refill_too_soon',
            description: 'The last fill is too recent for the insurer to cover another one.',
            status: 409,
          },
          {
            name: 'prescription_expired',
            description: 'The prescription is past its expiry date.',
            status: 410,
          },
          storeNotFound,
          INVALID_INPUT_ERROR,
        ],
      },
      {
        method: 'SCHEDULE',
        path: '/delivery',
        semantic: {
          intent: 'Schedules home delivery of a submitted prescription refill for a date and time window.',
          actor: 'agent',
          outcome: 'A delivery with status scheduled exists for the refill on the chosen date and window.',
          capability: 'transaction',
          confidence_guidance: 0.7,
          impact_tier: 'reversible',
          is_idempotent: false,
          parameter_hints: {
            refill_id: ['refill RF-0001', 'that refill'],
            address: ['to 12 Elm Street', 'to my home address'],
            date: ['tomorrow', 'on Monday'],
            window: ['in the morning', 'in the afternoon', 'after work'],
          },
          state_transition: { 'delivery.status': 'NONE -> SCHEDULED' },
        },
        input: {
          type: 'object',
          properties: {
            refill_id: { type: 'string', pattern: '^RF-[0-9]{4,}$' },
            address: { type: 'string', minLength: 3, maxLength: 200 },
            date: { type: 'string', format: 'date' },
            window: { type: 'string', enum: ['morning', 'afternoon', 'evening'] },
          },
          required: ['refill_id', 'address', 'date'],
          additionalProperties: false,
        },
        output: {
          type: 'object',
          properties: {
            delivery_id: { type: 'string' },
            refill_id: { type: 'string' },
            status: { type: 'string', enum: ['scheduled'] },
            date: { type: 'string', format: 'date' },
            window: { type: 'string' },
          },
          required: ['delivery_id', 'refill_id', 'status', 'date', 'window'],
        },
        errors: [
          {
            name: 'refill_not_found',
            description: 'No refill with that id was submitted here.',
            status: 404,
          },
          {
            name: 'delivery_unavailable',
            description: 'Deliveries do not run on Sundays.',
            status: 409,
          },
          INVALID_INPUT_ERROR,
        ],
      },
    ],
    vocabulary: {
      declared_verbs: ['FIND', 'REFILL', 'SCHEDULE'],
      domain: 'healthcare',
      namespace: PHARMACY_NAMESPACE,
      version: '1.0.0',
      negotiable: false,
    },
    data_manifest: {
      available_data: [
        {
          class: 'store',
          description: 'Store addresses, opening hours and services.',
          formats: ['json'],
          sensitivity: 'low',
        },
        {
          class: 'prescription',
          description: 'Prescriptions with medication, refills and expiry.',
          formats: ['json'],
          sensitivity: 'high',
          requires_authorization: true,
        },
      ],
      pre_auth_discovery: true,
    },
  };
}
