import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

export type TAuthCardProps = {
  readonly title: string;
  readonly description?: ReactNode;
  readonly children: ReactNode;
  /** Links to the other sign-in screens. */
  readonly footer?: ReactNode;
};

/** The card of one signed-out screen; its title is the page's h1 (the layout shows the company above it). */
export function AuthCard({ title, description, children, footer }: TAuthCardProps) {
  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer ? (
        <CardFooter className="flex-col items-center gap-2 text-center text-sm text-muted-foreground">
          {footer}
        </CardFooter>
      ) : null}
    </Card>
  );
}
