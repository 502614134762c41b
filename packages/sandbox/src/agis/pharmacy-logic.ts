import { type AgisOutcome, type AgisServiceLogic, fail } from './service-types.js';

/** A pharmacy store of the sandbox's pharmacy service. */
export interface SandboxPharmacyStore {
  store_id: string;
  name: string;
  address: string;
  postal_code: string;
  neighborhood: string;
  hours: string;
  services: string[];
}

/** The sandbox pharmacy stores; documented in the package README. */
export const SANDBOX_PHARMACY_STORES: readonly SandboxPharmacyStore[] = [
  {
    store_id: 'st-harborside',
    name: 'Harborside Pharmacy',
    address: '1 Quay Street',
    postal_code: '94110',
    neighborhood: 'harborside',
    hours: '08:00-22:00',
    services: ['vaccination', 'drive_thru'],
  },
  {
    store_id: 'st-old-town',
    name: 'Old Town Pharmacy',
    address: '48 Market Lane',
    postal_code: '94103',
    neighborhood: 'old town',
    hours: '09:00-19:00',
    services: ['vaccination', 'compounding'],
  },
  {
    store_id: 'st-airport',
    name: 'Airport Pharmacy',
    address: 'Terminal 2, Departures',
    postal_code: '94128',
    neighborhood: 'airport',
    hours: '00:00-24:00',
    services: ['open_24h'],
  },
];

interface Prescription {
  medication: string;
  storeId: string;
  refills: number;
  /** Filled within the insurer's waiting period: another refill is refused. */
  recentlyFilled: boolean;
  expired: boolean;
  copay: string;
}

function prescriptions(): Map<string, Prescription> {
  return new Map([
    [
      'RX-100001',
      {
        medication: 'Atorvastatin 20 mg, 30 tablets',
        storeId: 'st-harborside',
        refills: 3,
        recentlyFilled: false,
        expired: false,
        copay: '5.00',
      },
    ],
    [
      'RX-100002',
      {
        medication: 'Amoxicillin 500 mg, 21 capsules',
        storeId: 'st-old-town',
        refills: 0,
        recentlyFilled: false,
        expired: false,
        copay: '3.50',
      },
    ],
    [
      'RX-100003',
      {
        medication: 'Lisinopril 10 mg, 30 tablets',
        storeId: 'st-harborside',
        refills: 2,
        recentlyFilled: true,
        expired: false,
        copay: '4.00',
      },
    ],
    [
      'RX-100004',
      {
        medication: 'Salbutamol inhaler 100 mcg',
        storeId: 'st-airport',
        refills: 1,
        recentlyFilled: false,
        expired: true,
        copay: '10.00',
      },
    ],
  ]);
}

/** The pharmacy service: store finder, refills and delivery over in-memory state. */
export function createPharmacyLogic(): AgisServiceLogic {
  const rx = prescriptions();
  const refills = new Map<string, { rxId: string }>();
  let refillCounter = 0;
  let deliveryCounter = 0;

  function findStore(input: Record<string, unknown>): AgisOutcome {
    const near = typeof input['near'] === 'string' ? input['near'].trim().toLowerCase() : undefined;
    const service = input['service'];
    const stores = SANDBOX_PHARMACY_STORES.filter(
      (s) =>
        (near === undefined ||
          s.postal_code === near ||
          s.neighborhood.includes(near) ||
          near.includes(s.neighborhood) ||
          near.includes(s.postal_code)) &&
        (service === undefined || s.services.includes(String(service))),
    ).map(({ neighborhood: _n, ...store }) => store);
    if (stores.length === 0) return fail('no_store_found', 'no store matches that location and service');
    return { ok: true, result: { stores } };
  }

  function refill(input: Record<string, unknown>): AgisOutcome {
    const id = String(input['rx_id']);
    const p = rx.get(id);
    if (p === undefined) return fail('prescription_not_found', `no prescription ${id} on file`);
    if (p.expired) return fail('prescription_expired', `prescription ${id} has expired`);
    if (p.refills <= 0) return fail('no_refills_remaining', `prescription ${id} has no refills left`);
    if (p.recentlyFilled) return fail('refill_too_soon', `prescription ${id} was filled too recently`);
    const storeId = typeof input['store_id'] === 'string' ? input['store_id'] : p.storeId;
    if (!SANDBOX_PHARMACY_STORES.some((s) => s.store_id === storeId))
      return fail('store_not_found', `no store ${storeId}`);
    p.refills--;
    p.recentlyFilled = true;
    refillCounter++;
    const refillId = `RF-${String(refillCounter).padStart(4, '0')}`;
    refills.set(refillId, { rxId: id });
    return {
      ok: true,
      result: {
        refill_id: refillId,
        rx_id: id,
        status: 'submitted',
        medication: p.medication,
        store_id: storeId,
        ready_in_hours: 4,
        refills_remaining: p.refills,
        copay: { amount: p.copay, currency: 'USD' },
      },
    };
  }

  function schedule(input: Record<string, unknown>): AgisOutcome {
    const refillId = String(input['refill_id']);
    if (!refills.has(refillId)) return fail('refill_not_found', `no refill ${refillId}`);
    const date = String(input['date']);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0)
      return fail('delivery_unavailable', `no deliveries on Sundays (${date})`);
    deliveryCounter++;
    return {
      ok: true,
      result: {
        delivery_id: `DL-${String(deliveryCounter).padStart(4, '0')}`,
        refill_id: refillId,
        status: 'scheduled',
        date,
        window: typeof input['window'] === 'string' ? input['window'] : 'afternoon',
      },
    };
  }

  return {
    invoke(key, input) {
      if (key === 'FIND /store') return findStore(input);
      if (key === 'REFILL /prescription/{rx_id}') return refill(input);
      return schedule(input);
    },
  };
}
