import type { TJobKind } from '@loupe/domain/jobs/job-views';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useCreateJob } from '../../api/create-job';
import type { TCreateJobInputOf, TJobOf, TUpdateJobInputOf } from '../../api/job-endpoints';
import { useUpdateJob } from '../../api/update-job';
import { capitalized, type TJobNoun } from '../../job-noun';
import type { TJobForm, TJobFormCommonValues, TParsedForm } from './use-job-form';

export type TUseSaveJobOptions<K extends TJobKind, TValues extends TJobFormCommonValues> = {
  readonly kind: K;
  /** The job being edited; null writes up a new one. */
  readonly job: TJobOf<K> | null;
  readonly form: TJobForm<TValues>;
  readonly noun: TJobNoun;
  readonly numberOf: (job: TJobOf<K>) => string;
  readonly detailPath: (jobId: string) => string;
  /** The toast's word for a new job: 'Order ORD-00042 created', 'Repair REP-00007 taken in'. */
  readonly createdWord: string;
  /** Checks a new job with the server's own schema. */
  readonly parseNew: (values: TValues) => TParsedForm<TCreateJobInputOf<K>, TValues>;
  /** Checks an edited job as a whole and gives only what differs from it. */
  readonly parseChanges: (values: TValues, job: TJobOf<K>) => TParsedForm<TUpdateJobInputOf<K>, TValues>;
};

/**
 * A job form's submit: creates or saves the job, says so, and opens its page; an unchanged job is not sent,
 * and the server's refusal lands under the fields it names.
 */
export function useSaveJob<K extends TJobKind, TValues extends TJobFormCommonValues>(
  options: TUseSaveJobOptions<K, TValues>,
) {
  const { kind, job, form, noun, numberOf, detailPath } = options;
  const navigate = useNavigate();
  const createMutation = useCreateJob(kind);
  const updateMutation = useUpdateJob(kind);
  const Noun = capitalized(noun.one);

  const onSubmit = form.onSubmit(() => {
    if (job === null) {
      const input = form.accept(options.parseNew(form.values));
      if (input === null) return;
      createMutation.mutate(input, {
        onSuccess: (created) => {
          toast({ title: `${Noun} ${numberOf(created)} ${options.createdWord}` });
          navigate(detailPath(created.id));
        },
        onError: form.showServerError,
      });
      return;
    }
    const changes = form.accept(options.parseChanges(form.values, job));
    if (changes === null) return;
    if (Object.keys(changes).length === 0) {
      toast({ title: 'Nothing to save', description: `The ${noun.one} is as it was.` });
      navigate(detailPath(job.id));
      return;
    }
    updateMutation.mutate(
      { jobId: job.id, changes },
      {
        onSuccess: (saved) => {
          toast({ title: `${Noun} ${numberOf(saved)} saved` });
          navigate(detailPath(job.id));
        },
        onError: form.showServerError,
      },
    );
  });

  return { onSubmit, isPending: createMutation.isPending || updateMutation.isPending };
}
