import { canCreateAndManageRepairs, canManageRepairOffsite } from '@loupe/domain/auth/permissions';
import {
  REPAIR_SORTS,
  REPAIR_STATUS_LABELS,
  REPAIR_STATUS_TRANSITIONS,
  REPAIR_STATUSES,
  type TRepair,
} from '@loupe/domain/repairs/repair';
import { WrenchIcon } from 'lucide-react';
import { formatCents } from '@/lib/number-format';
import { paths, pathTo } from '@/lib/paths';
import { Fact } from '../../components/detail/job-facts';
import { JOB_SORT_LABELS } from '../../components/list/job-list-filters';
import type { TJobKindUi } from '../job-kind-ui';
import { RepairForm } from './repair-form';
import { REPAIR_NOUN, RepairStatusBadge, repairChangeFormatter, repairTypesText } from './repair-labels';

/** A repair on the shared job screens: its fields, its form, and who may take it in (spec §6). */
export const REPAIR_KIND: TJobKindUi<'repair'> = {
  noun: REPAIR_NOUN,
  paths: {
    list: paths.repairs,
    new: paths.repairNew,
    param: 'repairId',
    detail: (repairId) => pathTo(paths.repairDetail, { repairId }),
    edit: (repairId) => pathTo(paths.repairEdit, { repairId }),
  },
  canWrite: canCreateAndManageRepairs,
  canManageOffsite: canManageRepairOffsite,
  notAllowed: {
    text: 'Only admins, managers, operators and production staff take in and edit repairs.',
    create: 'take in repairs',
    edit: 'edit repairs',
  },
  newPage: { title: 'New repair', description: 'Take in a piece for repair at the counter.' },
  statusLabels: REPAIR_STATUS_LABELS,
  statusTransitions: REPAIR_STATUS_TRANSITIONS,
  StatusBadge: RepairStatusBadge,
  statusChange: (status) => ({ status }),
  changeFormatter: repairChangeFormatter,
  detail: {
    numberOf: (repair) => repair.repairNumber,
    statusOf: (repair) => repair.status,
    createdLabel: 'Taken in',
    Facts: RepairFacts,
    ticket: (repair) => ({
      description: repair.itemDescription,
      details: [{ label: 'Work', value: repairTypesText(repair.repairTypes) }],
    }),
    envelope: (repair) => ({
      conditionNotes: repair.conditionNotes,
      estimate: repair.estimateCents > 0 ? formatCents(repair.estimateCents) : '',
    }),
    isAtNewest: (record) => record.status === 'active' && record.currentLocation !== null,
  },
  Form: ({ job, now }) => <RepairForm repair={job} {...(now ? { now } : {})} />,
  list: {
    labels: {
      noun: REPAIR_NOUN,
      title: 'Repairs',
      description: 'Pieces in for repair, from the counter back to the customer.',
      searchPlaceholder: 'Number, customer or item',
      noMatchHint:
        "Try part of a repair number, a customer's name or a word of the item, or clear the filters.",
      emptyIcon: WrenchIcon,
      emptyText: {
        canCreate: 'Take in the first one at the counter.',
        cannotCreate: 'Repairs appear here once the counter takes them in.',
      },
      columns: { customer: 'Customer and item', amount: 'Estimate' },
    },
    choices: {
      statuses: REPAIR_STATUSES,
      statusLabels: REPAIR_STATUS_LABELS,
      sorts: REPAIR_SORTS,
      sortLabels: { ...JOB_SORT_LABELS, number: 'Repair number' },
      defaultSort: 'newest',
    },
    numberOf: (repair) => repair.repairNumber,
    statusOf: (repair) => repair.status,
    summaryOf: (repair) => repair.itemDescription,
    amountOf: (repair) => repair.estimateCents,
  },
};

function RepairFacts({ job: repair }: { job: TRepair }) {
  return (
    <>
      <Fact label="Item" wide>
        {repair.itemDescription}
      </Fact>
      <Fact label="Repair types" wide>
        {repairTypesText(repair.repairTypes) || 'None'}
      </Fact>
      <Fact label="Declared value">{formatCents(repair.declaredValueCents)}</Fact>
      <Fact label="Estimate">
        <span className="font-semibold">{formatCents(repair.estimateCents)}</span>
      </Fact>
      <Fact label="Condition notes" wide>
        <span className="whitespace-pre-wrap">{repair.conditionNotes || 'No notes'}</span>
      </Fact>
    </>
  );
}
