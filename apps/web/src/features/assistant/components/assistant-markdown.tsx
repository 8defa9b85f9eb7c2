import Markdown from 'react-markdown';
import { Link } from 'react-router';

/**
 * An answer's markdown. Raw HTML in it is dropped, never rendered (no rehype-raw), so an answer cannot
 * inject markup; links to the app's own pages stay in the app, others open in a new tab.
 */
export function AssistantMarkdown({ text }: { readonly text: string }) {
  return (
    <div className="space-y-2 text-sm leading-relaxed [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc [&_table]:text-xs [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2">
      <Markdown
        skipHtml
        components={{
          a: ({ href, children }) =>
            href?.startsWith('/') ? (
              <Link to={href} className="font-medium text-primary underline underline-offset-2">
                {children}
              </Link>
            ) : (
              <a href={href} target="_blank" rel="noreferrer noopener" className="text-primary underline">
                {children}
              </a>
            ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
