/** A list's empty state: what is missing, and where it comes from. */
export function ListEmpty({ testId, title, description }: { testId: string; title: string; description: string }) {
  return (
    <div className="py-10 text-center" data-testid={testId}>
      <p className="text-sm font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}

/** Said above a list whose call failed with nothing on the device to show instead. */
export function ListLoadFailed({ testId, message }: { testId: string; message: string }) {
  return (
    <p className="text-sm text-destructive" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

/** A short list's empty state: one quiet line. */
export function ListEmptyLine({ testId, text }: { testId: string; text: string }) {
  return (
    <div className="py-8 text-center text-sm text-muted-foreground" data-testid={testId}>
      {text}
    </div>
  );
}
