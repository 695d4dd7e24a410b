import { Fragment } from 'react';

/**
 * A host name that may wrap only after its dots (`static.example.com.` / `cdn.edgeward.net`), never inside a label:
 * a narrow column (a phone) otherwise breaks it mid-word, where it reads as two names.
 */
export function BreakAtDots({ text }: { text: string }) {
  const labels = text.split('.');
  return (
    <span style={{ overflowWrap: 'normal', wordBreak: 'keep-all' }}>
      {labels.map((label, index) => (
        // Labels repeat (www.example.com.example.com); their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is the name itself, fixed for the element's life.
        <Fragment key={index}>
          {label}
          {index < labels.length - 1 ? (
            <>
              .<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </span>
  );
}
