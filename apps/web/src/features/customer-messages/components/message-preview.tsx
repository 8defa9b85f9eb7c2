import {
  renderTemplate,
  SAMPLE_PLACEHOLDER_VALUES,
  type TCustomerMessageTemplate,
} from '@loupe/domain/customer-messages/customer-messages';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** GSM-7 SMS are 160 characters, or 153 each when split; enough to say "2 SMS" before sending. */
function smsSegments(text: string): number {
  return text.length <= 160 ? 1 : Math.ceil(text.length / 153);
}

/** The template as a customer would read it, with made-up values, updated as one types. */
export function MessagePreview({ template }: { template: TCustomerMessageTemplate }) {
  const sms = renderTemplate(template.sms, SAMPLE_PLACEHOLDER_VALUES);
  const subject = renderTemplate(template.emailSubject, SAMPLE_PLACEHOLDER_VALUES);
  const body = renderTemplate(template.emailBody, SAMPLE_PLACEHOLDER_VALUES);
  return (
    <Card aria-label="Preview" className="gap-4 bg-muted/40">
      <CardHeader>
        <CardTitle className="text-base">Preview</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <figure className="grid gap-1">
          <figcaption className="text-xs text-muted-foreground">
            SMS · {sms.length} characters · {smsSegments(sms)} SMS
          </figcaption>
          <p
            data-testid="sms-preview"
            className="max-w-xs rounded-2xl rounded-bl-sm bg-primary px-4 py-2 text-sm whitespace-pre-wrap text-primary-foreground"
          >
            {sms}
          </p>
        </figure>
        <figure className="grid gap-1">
          <figcaption className="text-xs text-muted-foreground">E-mail</figcaption>
          <div className="grid gap-2 rounded-md border bg-background p-3 text-sm">
            <p data-testid="email-subject-preview" className="font-semibold">
              {subject}
            </p>
            <p data-testid="email-body-preview" className="whitespace-pre-wrap">
              {body}
            </p>
          </div>
        </figure>
      </CardContent>
    </Card>
  );
}
